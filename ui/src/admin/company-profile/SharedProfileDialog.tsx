// Another company's shared profile in a dialog (from the tender invite picker): read-only, closed by its button or Escape.
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { SharedProfileView } from './SharedProfileView.js';

export function SharedProfileDialog({ companyId, name, onClose }: { companyId: string; name: string; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  // On a phone the profile takes the whole screen: its tables need the width.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} aria-labelledby={titleId} data-testid="shared-profile-dialog">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {translate('admin.companyProfile.sharedTitle', { name })}
      </DialogTitle>
      <DialogContent>
        <SharedProfileView companyId={companyId} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="shared-profile-close">
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
