// The company's logo: shown (fetched with the session's token, the api never serves a file inline), with
// upload, replace and remove for those who may change the profile.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { CompanyFileView } from '@binaan/contracts';
import { apiUrl } from '../../shared/api/client.js';
import { formatDateTime } from '../format.js';
import { adminHeaders } from '../providers/admin-request.js';
import { versionPath } from './company-files-api.js';

type Props = { companyId: string; logo: CompanyFileView | null; canChange: boolean; onUpload: () => void; onRemove: () => void };

function useLogoUrl(companyId: string, logo: CompanyFileView | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const path = logo ? versionPath(companyId, logo.documentId, logo.current.version) : null;
  useEffect(() => {
    if (!path) return setUrl(null);
    let made: string | null = null;
    let live = true;
    void fetch(apiUrl(path), { headers: adminHeaders(), cache: 'no-store' })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || !live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => setUrl(null));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return url;
}

export function CompanyLogoCard({ companyId, logo, canChange, onUpload, onRemove }: Props) {
  const translate = useTranslate();
  const url = useLogoUrl(companyId, logo);
  return (
    <Box data-testid="company-logo" data-uploaded={logo ? 'true' : 'false'}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate('companyFiles.logo.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, alignItems: { sm: 'center' } }}>
        <Box
          sx={{
            width: 120,
            height: 120,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
            flexShrink: 0,
          }}
        >
          {url ? (
            <Box
              component="img"
              src={url}
              alt={translate('companyFiles.logo.alt')}
              sx={{ maxWidth: '100%', maxHeight: '100%' }}
              data-testid="company-logo-image"
            />
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', px: 1 }}>
              {translate('companyFiles.logo.none')}
            </Typography>
          )}
        </Box>
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          {logo && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {translate('companyFiles.uploadedBy', {
                name: logo.current.uploadedByName ?? '-',
                date: formatDateTime(logo.current.uploadedAt),
              })}
            </Typography>
          )}
          {canChange && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button variant="outlined" size="small" onClick={onUpload} data-testid="company-logo-upload">
                {translate(logo ? 'companyFiles.logo.replace' : 'companyFiles.logo.upload')}
              </Button>
              {logo && (
                <Button variant="text" size="small" color="error" onClick={onRemove} data-testid="company-logo-remove">
                  {translate('companyFiles.logo.remove')}
                </Button>
              )}
            </Stack>
          )}
          <Typography variant="caption" color="text.secondary">
            {translate('companyFiles.logo.limits')}
          </Typography>
        </Stack>
      </Stack>
    </Box>
  );
}
