// Another company's shared profile in a dialog (from the tender invite picker): read-only, closed by its button or Escape.
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { SharedProfileView } from './SharedProfileView.js';

export function SharedProfileDialog({ companyId, name, onClose }: { companyId: string; name: string; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId} data-testid="shared-profile-dialog">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>{translate('admin.companyProfile.sharedTitle', { name })}</DialogTitle>
      <DialogContent>
        <SharedProfileView companyId={companyId} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="shared-profile-close">{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
