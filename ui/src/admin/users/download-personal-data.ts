// The personal data export saved as one JSON file, as the api wrote it (no translation of
// "[erased]": it is the record). `mine`: the signed-in person's own; otherwise the administrator's for a user.
import { apiBlob } from '../../shared/api/client.js';

export async function downloadPersonalData(userId: string | 'mine'): Promise<void> {
  const path = userId === 'mine' ? '/api/personal-data/mine' : `/api/personal-data/users/${encodeURIComponent(userId)}`;
  const blob = await apiBlob(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = userId === 'mine' ? 'binaan-personal-data.json' : `binaan-personal-data-${userId}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
