// The project machines' catalogue entries (GET /api/workflows, cached by loadCatalogue): the list's tabs,
// the history's diagram and labels come from the machine, as for documents.
import { useEffect, useState } from 'react';
import { loadCatalogue, type CatalogueEntry } from '../catalogue/catalogue.js';

export function useProjectEntry(resource: 'project' | 'projectMember' | 'projectStage' = 'project'): CatalogueEntry | null {
  const [entry, setEntry] = useState<CatalogueEntry | null>(null);
  useEffect(() => {
    let live = true;
    void loadCatalogue().then((all) => live && setEntry(all.find((e) => e.resource === resource) ?? null), () => undefined);
    return () => {
      live = false;
    };
  }, [resource]);
  return entry;
}
