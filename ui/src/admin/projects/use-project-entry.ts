// The project machines' catalogue entries (GET /api/workflows, cached by loadCatalogue): the list's tabs,
// the history's diagram and labels come from the machine, as for documents.
import { useCallback } from 'react';
import { loadCatalogue, type CatalogueEntry } from '../catalogue/catalogue.js';
import { useLoaded, type Loaded } from '../layout/use-loaded.js';

type ProjectResource = 'project' | 'projectMember' | 'projectStage';

/** The entry, or why the catalogue could not be had: for a page that cannot show without it (the list's tabs). */
export function useProjectEntryLoaded(resource: ProjectResource = 'project'): Loaded<CatalogueEntry | null> {
  const loader = useCallback(async () => (await loadCatalogue()).find((e) => e.resource === resource) ?? null, [resource]);
  return useLoaded(loader);
}

/** The entry once known (null while loading or failed): for what the machine only adds to a page, as a diagram. */
export function useProjectEntry(resource: ProjectResource = 'project'): CatalogueEntry | null {
  return useProjectEntryLoaded(resource).data ?? null;
}
