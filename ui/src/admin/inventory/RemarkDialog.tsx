// Rejecting or cancelling a stock movement asks why (the remark is recorded on the event with who and when):
// a MUI Dialog labelled by its title, focus in the remark, Escape and "Go back" send nothing.
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';

export type RemarkAction = 'Reject' | 'Cancel';

export function RemarkDialog({
  asking,
  busy,
  onCancel,
  onConfirm,
}: {
  /** The movement's number and the action that needs a remark; null: closed. */
  asking: { number: string; action: RemarkAction } | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (remark: string) => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`inventory.${key}`, options);
  const titleId = useId();
  const [remark, setRemark] = useState('');
  useEffect(() => setRemark(''), [asking]);
  const text = remark.trim();
  return (
    <Dialog open={asking !== null} onClose={() => !busy && onCancel()} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {asking && (
        <>
          <DialogTitle id={titleId}>{t(`actionsNamed.${asking.action}`, { number: asking.number })}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={2}
              margin="dense"
              required
              label={t('remarkPrompt')}
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'movement-remark', maxLength: 500 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel} disabled={busy}>
              {t('goBack')}
            </Button>
            <Button
              variant="contained"
              color="error"
              disabled={busy || text === ''}
              onClick={() => onConfirm(text)}
              data-testid="movement-remark-confirm"
            >
              {t(`actions.${asking.action}`)}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
