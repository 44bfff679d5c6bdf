// What picking a catalogue item in a BQ row's description cell writes, as one `bq-item/update`: the
// description (the item's name, and its description after a colon, as the document line pickers write it),
// and on an item row its unit and its unit price as the rate. A header is never priced, so it takes the
// description only; an item priced by a build-up keeps the build-up's rate (a rate typed over a build-up
// that is not a total sub is refused), so it takes description and unit. An empty unit or price on the
// catalogue item leaves the row's as it is.
import type { CatalogueItemRow } from '@binaan/contracts';
import type { BqFields } from './bq-model.js';

/** The longest description a BQ row takes (the api's limit). */
const DESCRIPTION_LIMIT = 4000;

export function catalogueLine(item: Pick<CatalogueItemRow, 'name' | 'description'>): string {
  return (item.description.trim() ? `${item.name}: ${item.description.trim()}` : item.name).slice(0, DESCRIPTION_LIMIT);
}

export function pickedFields(
  node: Pick<BqFields, 'buildUpCode'> & { type: 'header' | 'item' },
  item: Pick<CatalogueItemRow, 'name' | 'description' | 'unit' | 'unitPrice'>,
): Partial<BqFields> {
  const fields: Partial<BqFields> = { description: catalogueLine(item) };
  if (node.type === 'header') return fields;
  if (item.unit.trim()) fields.unit = item.unit.trim();
  if (item.unitPrice.trim() && node.buildUpCode === null) fields.rate = item.unitPrice.trim();
  return fields;
}
