// The chosen company's place in the public contractor directory (GET/PUT company/directory-listing): whether
// it is listed, whether the public sees it now (listed, approved, offering a trade) and under which trades, and
// the last change (when, by whom, why). The switch asks why before it changes anything; it is for those who
// may change the company's profile, and closed while the company offers no trade to be found under.
import { useCallback, useEffect, useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { DIRECTORY_REASON_MAX, hasAnyAccessRight, type DirectoryListingView } from '@binaan/contracts';
import { useSession } from '../../shared/session/session-store.js';
import { formatDateTime } from '../format.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';

const PATH = '/api/company/directory-listing';

export function DirectoryListingCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const session = useSession();
  const titleId = useId();
  const [view, setView] = useState<DirectoryListingView | null>(null);
  const [hidden, setHidden] = useState(false);
  const [asking, setAsking] = useState<boolean | null>(null);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const canChange = hasAnyAccessRight(session?.accessRights ?? '', 'administration.companyProfile.update');

  const load = useCallback(async () => {
    try {
      setView(await adminJson<DirectoryListingView>(PATH));
    } catch (error) {
      // Without the profile rights there is nothing to show here; any other failure is said.
      if (errorCodeOf(error) === 'noAccessRight') setHidden(true);
      else notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    }
  }, [notify]);
  useEffect(() => void load(), [load]);

  if (hidden || !view) return null;
  const tradeNames = view.trades.map((trade) => translate(`company.directoryListing.trades.${trade}`));
  const state = view.shown ? 'shown' : view.listed ? (view.trades.length === 0 ? 'noTrade' : 'waiting') : 'notListed';
  const reasonError = touched && reason.trim() === '' ? translate('company.directoryListing.reasonRequired') : '';

  const close = () => {
    if (busy) return;
    setAsking(null);
    setReason('');
    setTouched(false);
  };
  const confirm = async () => {
    setTouched(true);
    if (asking === null || reason.trim() === '') return;
    setBusy(true);
    try {
      setView(await adminJson<DirectoryListingView>(PATH, { method: 'PUT', body: { listed: asking, reason: reason.trim() } }));
      notify(asking ? 'company.directoryListing.listedToast' : 'company.directoryListing.unlistedToast', { type: 'success' });
      setAsking(null);
      setReason('');
      setTouched(false);
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card data-testid="directory-listing">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            {translate('company.directoryListing.title')}
          </Typography>
          <Typography color="text.secondary">{translate('company.directoryListing.intro')}</Typography>
          <FormControlLabel
            control={
              <Switch
                checked={view.listed}
                disabled={!canChange || busy || (!view.listed && view.trades.length === 0)}
                onChange={(event) => setAsking(event.target.checked)}
                data-testid="directory-listing-switch"
              />
            }
            label={translate('company.directoryListing.switchLabel')}
          />
          <Alert severity={state === 'shown' ? 'success' : 'info'} data-testid="directory-listing-state">
            {translate(`company.directoryListing.state.${state}`, { trades: tradeNames.join(', ') })}
          </Alert>
          {view.trades.length === 0 && !view.listed && (
            <Typography variant="body2" color="text.secondary">
              {translate('error.noDirectoryTrade')}
            </Typography>
          )}
          {view.trades.length > 0 && (
            <Box
              sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
              aria-label={translate('company.directoryListing.tradesLabel')}
              role="list"
            >
              {tradeNames.map((name) => (
                <Chip key={name} label={name} size="small" role="listitem" />
              ))}
            </Box>
          )}
          {view.changedAt && (
            <Typography variant="body2" color="text.secondary" data-testid="directory-listing-change" sx={{ overflowWrap: 'anywhere' }}>
              {view.changedBy
                ? translate('company.directoryListing.lastChange', {
                    date: formatDateTime(view.changedAt),
                    name: view.changedBy,
                    reason: view.reason ?? '',
                  })
                : translate('company.directoryListing.lastChangeUnnamed', {
                    date: formatDateTime(view.changedAt),
                    reason: view.reason ?? '',
                  })}
            </Typography>
          )}
          {!canChange && (
            <Typography variant="body2" color="text.secondary">
              {translate('company.directoryListing.readOnly')}
            </Typography>
          )}
        </Stack>
      </CardContent>
      <Dialog
        open={asking !== null}
        onClose={close}
        maxWidth="sm"
        fullWidth
        aria-labelledby={titleId}
        data-testid="directory-listing-dialog"
      >
        <DialogTitle id={titleId}>
          {translate(asking ? 'company.directoryListing.listTitle' : 'company.directoryListing.unlistTitle')}
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {translate(asking ? 'company.directoryListing.listBody' : 'company.directoryListing.unlistBody')}
          </Typography>
          <TextField
            label={translate('company.directoryListing.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
            required
            fullWidth
            multiline
            minRows={2}
            autoFocus
            error={Boolean(reasonError)}
            helperText={reasonError || translate('company.directoryListing.reasonHint')}
            slotProps={{ htmlInput: { maxLength: DIRECTORY_REASON_MAX, 'data-testid': 'directory-listing-reason' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void confirm()} disabled={busy} data-testid="directory-listing-confirm">
            {translate(asking ? 'company.directoryListing.list' : 'company.directoryListing.unlist')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
