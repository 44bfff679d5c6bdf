// What a line's description picker offers (LineDescriptionInput.tsx): a catalogue item, or one of the company's
// machines (a machine request's lines), and the text a chosen machine writes into the line.
import type { CatalogueItemRow, ProfileEntry } from '@binaan/contracts';

export type Suggestion = { source: 'machine'; machine: ProfileEntry<'machinery'> } | { source: 'catalogue'; item: CatalogueItemRow };

/** "Excavator: Hitachi ZX200, 20 t": the machine recognisable on the request and the tender made from it (at most 500 characters, a line's limit). */
export function machineLine(machine: Pick<ProfileEntry<'machinery'>, 'type' | 'brand' | 'model' | 'capacity'>): string {
  const capacity = machine.capacity?.trim();
  return `${machine.type.trim()}: ${machine.brand.trim()} ${machine.model.trim()}${capacity ? `, ${capacity}` : ''}`.slice(0, 500);
}
