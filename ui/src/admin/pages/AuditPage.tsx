// The audit page: verify one document's hash chain (GET /api/audit/verify) or, for platform admins, the whole
// store (GET /api/audit/verify-store), and show the result.
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Alert, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { DocumentResources, type ChainVerificationReply } from '@binaan/contracts';
import { useAccess } from '../access/access-context.js';
import { resourceLabel } from '../catalogue/labels.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';

type StoreReply = { ok: boolean; streamsChecked?: number; eventsChecked?: number; broken?: unknown[] } & Record<string, unknown>;

export function AuditPage() {
  const translate = useTranslate();
  const access = useAccess();
  const [resource, setResource] = useState<string>('purchaseOrder');
  const [id, setId] = useState('');
  const [result, setResult] = useState<ChainVerificationReply | null>(null);
  const [store, setStore] = useState<StoreReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (e) {
      setError(errorCodeOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2} sx={{ mt: 2 }} data-testid="audit-page">
      <Title title={translate('admin.menu.audit')} />
      <Card>
        <CardContent>
          <Typography variant="h6" gutterBottom>
            {translate('admin.audit.documentTitle')}
          </Typography>
          {/* The kind has a fixed width and the id takes the rest (a select sizes to its longest option and would
            squeeze the id to nothing); on a phone they stack, each the full width. */}
          <Stack
            sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            data-testid="audit-form"
          >
            <TextField
              select
              label={translate('admin.fields.kind')}
              value={resource}
              onChange={(e) => setResource(e.target.value)}
              sx={{ width: { xs: '100%', sm: 240 }, flexShrink: 0 }}
            >
              {DocumentResources.map((r) => (
                <MenuItem key={r} value={r}>
                  {resourceLabel(translate, r, false)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={translate('admin.audit.documentId')}
              value={id}
              onChange={(e) => setId(e.target.value.trim())}
              sx={{ flex: 1, minWidth: 0 }}
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'audit-id' } }}
            />
            <Button
              variant="contained"
              disabled={busy || !id}
              data-testid="audit-verify"
              onClick={() =>
                void run(async () =>
                  setResult(await adminJson<ChainVerificationReply>(`/api/audit/verify?resource=${resource}&id=${encodeURIComponent(id)}`)),
                )
              }
            >
              {translate('admin.audit.verify')}
            </Button>
          </Stack>
          {result && (
            <Alert sx={{ mt: 2 }} severity={result.ok ? 'success' : 'error'} data-testid="audit-result">
              {translate(result.ok ? 'admin.audit.chainOk' : 'admin.audit.chainBroken', {
                count: result.eventsChecked,
                revision: result.firstBadRevision ?? '-',
              })}
              {result.reason ? ` (${result.reason})` : ''} · {result.streamId}
            </Alert>
          )}
        </CardContent>
      </Card>
      {access.admin && (
        <Card>
          <CardContent>
            <Typography variant="h6" gutterBottom>
              {translate('admin.audit.storeTitle')}
            </Typography>
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() => void run(async () => setStore(await adminJson<StoreReply>('/api/audit/verify-store')))}
            >
              {translate('admin.audit.verifyStore')}
            </Button>
            {store && (
              <Alert sx={{ mt: 2 }} severity={store.ok ? 'success' : 'error'}>
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(store, null, 2)}</pre>
              </Alert>
            )}
          </CardContent>
        </Card>
      )}
      {error && <Alert severity="error">{translate(`error.${error}`)}</Alert>}
    </Stack>
  );
}
