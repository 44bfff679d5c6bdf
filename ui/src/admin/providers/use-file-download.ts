// A file the api writes, saved from a button: busy while it downloads, then "Saved as <name>" or the api's refusal
// as a notice (the BQ export and the tender comparison's).
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { errorCodeOf } from './admin-request.js';

export function useFileDownload(): { saving: boolean; save: (download: () => Promise<string>) => Promise<void> } {
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const save = async (download: () => Promise<string>) => {
    setSaving(true);
    try {
      const name = await download();
      notify('admin.bq.export.done', { type: 'info', messageArgs: { name } });
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
