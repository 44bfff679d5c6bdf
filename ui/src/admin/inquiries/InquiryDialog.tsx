// One inquiry: who wrote, how to answer them, what they wrote, and the actions its status offers (Close,
// Reopen; Cancel asks its remark). A MUI Dialog labelled by its subject; Escape closes it and sends nothing.
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, TextField, Typography } from '@mui/material';
import type { InquiryRow } from '@binaan/contracts';
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { ACTIONS_BY_STATUS, actOnInquiry, type InquiryAction } from './inquiries-api.js';

export function InquiryDialog({
  inquiry,
  onClose,
  onChanged,
}: {
  inquiry: InquiryRow | null;
  onClose: () => void;
  onChanged: (row: InquiryRow) => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const [cancelling, setCancelling] = useState(false);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setCancelling(false);
    setRemark('');
    setError(null);
  }, [inquiry?.id]);

  const act = async (action: InquiryAction) => {
    if (!inquiry) return;
    setBusy(true);
    setError(null);
    try {
      onChanged(await actOnInquiry(inquiry.id, action, action === 'Cancel' ? remark.trim() : undefined));
    } catch (e) {
      setError(errorCodeOf(e));
    } finally {
      setBusy(false);
    }
  };
  const actions = inquiry ? ACTIONS_BY_STATUS[inquiry.status] : [];
  return (
    <Dialog
      open={inquiry !== null}
      onClose={() => !busy && onClose()}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      data-testid="inquiry-dialog"
    >
      {inquiry && (
        <>
          <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
            {inquiry.subject}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={1}>
              <Typography variant="body2" color="text.secondary">
                {translate('platform.inquiries.receivedAt', { date: formatDateTime(inquiry.receivedAt) })} ·{' '}
                {translate(`platform.inquiries.statuses.${inquiry.status}`)}
              </Typography>
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                {inquiry.name}
                {inquiry.companyName ? `, ${inquiry.companyName}` : ''} ·{' '}
                <Link href={`mailto:${inquiry.email}?subject=${encodeURIComponent(`Re: ${inquiry.subject}`)}`}>{inquiry.email}</Link>
                {inquiry.phone ? ` · ${inquiry.phone}` : ''}
              </Typography>
              <Typography
                component="blockquote"
                sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', borderLeft: 3, borderColor: 'divider', pl: 2, m: 0 }}
                data-testid="inquiry-message"
              >
                {inquiry.message}
              </Typography>
              {inquiry.lastRemark && (
                <Typography variant="body2">{translate('platform.inquiries.lastRemark', { remark: inquiry.lastRemark })}</Typography>
              )}
              {cancelling && (
                <TextField
                  autoFocus
                  fullWidth
                  multiline
                  minRows={2}
                  required
                  label={translate('platform.inquiries.remark')}
                  value={remark}
                  onChange={(e) => setRemark(e.target.value)}
                  helperText={translate('platform.inquiries.remarkHelp')}
                  slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'inquiry-remark' } }}
                />
              )}
              {error && <Alert severity="error">{translate(`error.${error}`, { _: translate('error.unknownError') })}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={onClose} disabled={busy}>
              {translate('platform.users.goBack')}
            </Button>
            {actions.includes('Reopen') && (
              <Button variant="outlined" disabled={busy} onClick={() => void act('Reopen')} data-testid="inquiry-reopen">
                {translate('platform.inquiries.actions.Reopen')}
              </Button>
            )}
            {actions.includes('Cancel') &&
              (cancelling ? (
                <Button
                  variant="contained"
                  color="error"
                  disabled={busy || remark.trim() === ''}
                  onClick={() => void act('Cancel')}
                  data-testid="inquiry-cancel-confirm"
                >
                  {translate('platform.inquiries.actions.Cancel')}
                </Button>
              ) : (
                <Button variant="outlined" color="error" disabled={busy} onClick={() => setCancelling(true)} data-testid="inquiry-cancel">
                  {translate('platform.inquiries.actions.Cancel')}
                </Button>
              ))}
            {actions.includes('Close') && !cancelling && (
              <Button variant="contained" disabled={busy} onClick={() => void act('Close')} data-testid="inquiry-close">
                {translate('platform.inquiries.actions.Close')}
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
