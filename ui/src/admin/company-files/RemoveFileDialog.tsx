// Removing a company file asks why: the reason is kept with the document in its history.
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import type { CompanyFileView } from '@binaan/contracts';

type Props = { file: CompanyFileView | null; onClose: () => void; onRemove: (reason: string) => Promise<void> };

export function RemoveFileDialog({ file, onClose, onRemove }: Props) {
  const translate = useTranslate();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const missing = tried && reason.trim() === '';
  const confirm = async () => {
    setTried(true);
    if (reason.trim() === '') return;
    setBusy(true);
    await onRemove(reason.trim());
    setBusy(false);
  };
  return (
    <Dialog
      open={file !== null}
      onClose={() => !busy && onClose()}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{
        transition: {
          onEnter: () => {
            setReason('');
            setTried(false);
          },
        },
      }}
      data-testid="company-file-remove-dialog"
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {translate('companyFiles.removeTitle', { title: file?.title ?? '' })}
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{translate('companyFiles.removeBody')}</Typography>
        <TextField
          label={translate('companyFiles.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          fullWidth
          multiline
          minRows={2}
          autoFocus
          error={missing}
          helperText={missing ? translate('companyFiles.reasonRequired') : ' '}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'company-file-reason' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={() => void confirm()} disabled={busy} data-testid="company-file-remove-confirm">
          {translate('companyFiles.remove')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
