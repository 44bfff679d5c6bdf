// An advertisement's image as the administrator sees it in the list (a draft's too): fetched with the
// session's token (an <img> cannot send it) and shown small, 16:9. Decorative beside the title it repeats.
import { useEffect, useState } from 'react';
import { Box } from '@mui/material';
import { apiUrl } from '../../shared/api/client.js';
import { adminHeaders } from '../providers/admin-request.js';

export function AdvertisementPreview({ id, revision }: { id: string; revision: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    const controller = new AbortController();
    fetch(apiUrl(`/api/admin/advertisements/${encodeURIComponent(id)}/image`), {
      headers: adminHeaders(),
      cache: 'no-store',
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) return;
        url = URL.createObjectURL(await response.blob());
        setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, revision]);
  return (
    <Box sx={{ width: 96, aspectRatio: '16 / 9', bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden', flexShrink: 0 }}>
      {src && (
        <Box
          component="img"
          src={src}
          alt=""
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          data-testid="advertisement-preview"
        />
      )}
    </Box>
  );
}
