// What the company shares with the companies it deals with: a box per tab, the reason asked before saving,
// and the last choice (who, when, why). Read-only for members who may not change the profile.
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Alert, Button, Checkbox, FormControlLabel, FormGroup, Stack, TextField, Typography } from '@mui/material';
import { SHAREABLE_TABS, type CompanyProfileView, type ShareableTab } from '@binaan/contracts';
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { saveSharing } from './profile-api.js';

export function SharingTab({ view, onChanged }: { view: CompanyProfileView; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [tabs, setTabs] = useState<ShareableTab[]>(view.sharing.tabs);
  const [reason, setReason] = useState('');
  const save = async () => {
    try {
      await saveSharing(tabs, reason.trim());
      setReason('');
      notify('admin.companyProfile.saved', { type: 'success' });
      onChanged();
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    }
  };
  const { sharing } = view;
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }} data-testid="profile-sharing">
      <Typography>{translate('admin.companyProfile.sharingIntro')}</Typography>
      <FormGroup aria-label={translate('admin.companyProfile.tabs.sharing')}>
        {SHAREABLE_TABS.map((tab) => (
          <FormControlLabel
            key={tab}
            label={translate(`admin.companyProfile.tabs.${tab}`)}
            control={
              <Checkbox
                checked={tabs.includes(tab)}
                disabled={!view.editable}
                onChange={(event) => setTabs((before) => (event.target.checked ? [...before, tab] : before.filter((t) => t !== tab)))}
                data-testid={`share-${tab}`}
              />
            }
          />
        ))}
      </FormGroup>
      {view.editable && (
        <>
          <TextField
            label={translate('admin.companyProfile.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'sharing-reason' } }}
          />
          <Button
            variant="contained"
            disabled={reason.trim() === ''}
            onClick={() => void save()}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="sharing-save"
          >
            {translate('ra.action.save')}
          </Button>
        </>
      )}
      <Alert severity="info" data-testid="sharing-last">
        {sharing.changedAt
          ? translate('admin.companyProfile.sharingChanged', {
              date: formatDateTime(sharing.changedAt),
              name: sharing.changedBy ?? '-',
              reason: sharing.reason ?? '',
            })
          : translate('admin.companyProfile.sharingDefault')}
      </Alert>
    </Stack>
  );
}
