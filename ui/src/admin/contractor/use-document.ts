// One document as the api shows it now (GET /api/documents/<resource>/<id>), read afresh: react-admin's getOne
// cache is filled from list rows, which carry no items, so the pages that need the items ask for the view.
import { useEffect, useState } from 'react';
import type { DocumentView } from '@binaan/contracts';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';

export type LoadedDocument = DocumentView & { id: string };

export function useDocument(resource: string, id: string): { data?: LoadedDocument; error?: string; pending: boolean } {
  const [state, setState] = useState<{ data?: LoadedDocument; error?: string; pending: boolean }>({ pending: true });
  useEffect(() => {
    let live = true;
    setState({ pending: true });
    adminJson<LoadedDocument>(`/api/documents/${encodeURIComponent(resource)}/${encodeURIComponent(id)}`).then(
      (data) => live && setState({ data, pending: false }),
      (error) => live && setState({ error: errorCodeOf(error), pending: false }),
    );
    return () => {
      live = false;
    };
  }, [resource, id]);
  return state;
}
