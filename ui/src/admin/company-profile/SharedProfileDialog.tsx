// Another company's shared profile in a dialog (from the tender invite picker): read-only, closed by its button or Escape.
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { SharedProfileView } from './SharedProfileView.js';
import { VendorHistoryPanel } from '../vendor-management/VendorHistoryPanel.js';

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
        {/* The viewing company's own appraisals of this company, for those who read them (vendor-management/). */}
        <VendorHistoryPanel vendorId={companyId} name={name} headingLevel="h3" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="shared-profile-close">
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
