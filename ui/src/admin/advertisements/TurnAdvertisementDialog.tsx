// Publishing or withdrawing an advertisement asks why: the reason is kept in its history.
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import type { AdvertisementRow } from '@binaan/contracts';
import { errorCodeOf } from '../providers/admin-request.js';
import { turnAdvertisement } from './advertisements-api.js';

type Props = { target: { ad: AdvertisementRow; action: 'Publish' | 'Withdraw' } | null; onClose: () => void; onDone: () => void };

export function TurnAdvertisementDialog({ target, onClose, onDone }: Props) {
  const translate = useTranslate();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const missing = tried && reason.trim() === '';
  const action = target?.action === 'Withdraw' ? 'withdraw' : 'publish';
  const confirm = async () => {
    setTried(true);
    if (reason.trim() === '' || !target) return;
    setBusy(true);
    try {
      await turnAdvertisement(target.ad.id, target.action, reason.trim());
      onDone();
    } catch (error) {
      setFailed(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={target !== null}
      onClose={() => !busy && onClose()}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{
        transition: {
          onEnter: () => {
            setReason('');
            setTried(false);
            setFailed(null);
          },
        },
      }}
      data-testid="advertisement-turn-dialog"
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {translate(`platform.advertisements.${action}Title`, { title: target?.ad.title ?? '' })}
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{translate(`platform.advertisements.${action}Body`)}</Typography>
        <TextField
          label={translate('platform.advertisements.fields.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          fullWidth
          multiline
          minRows={2}
          autoFocus
          error={missing}
          helperText={missing ? translate('platform.advertisements.fieldErrors.required') : ' '}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'advertisement-turn-reason' } }}
        />
        {failed && (
          <Alert severity="error" role="alert">
            {translate(`error.${failed}`, { _: translate('error.unknownError') })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          color={action === 'withdraw' ? 'error' : 'primary'}
          onClick={() => void confirm()}
          disabled={busy}
          data-testid="advertisement-turn-confirm"
        >
          {translate(`platform.advertisements.${action}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
