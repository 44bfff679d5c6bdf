// Which project a document list shows: the one the user works in (the app bar's selector), unless the
// address names one itself.

/** Whether the address names a project filter itself (a project page's documents tab links so): it wins over the selection. */
export function addressNamesProject(search: string): boolean {
  try {
    const filter: unknown = JSON.parse(new URLSearchParams(search).get('filter') ?? '{}');
    return typeof filter === 'object' && filter !== null && typeof (filter as { projectId?: unknown }).projectId === 'string';
  } catch {
    return false;
  }
}
