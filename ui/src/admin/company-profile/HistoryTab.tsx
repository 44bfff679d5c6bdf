// The profile's history, newest first, a page at a time: who changed what, when and why.
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Button, List, ListItem, ListItemText, Stack } from '@mui/material';
import type { ProfileHistoryStep } from '@binaan/contracts';
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { profileHistory } from './profile-api.js';

export function HistoryTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const [steps, setSteps] = useState<ProfileHistoryStep[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const load = useCallback(
    async (before: string | null) => {
      try {
        const page = await profileHistory(before);
        setSteps((earlier) => (before ? [...earlier, ...page.items] : page.items));
        setNext(page.next);
      } catch (error) {
        notify(`error.${errorCodeOf(error)}`, { type: 'error' });
      }
    },
    [notify],
  );
  useEffect(() => void load(null), [load]);
  return (
    <Stack spacing={1} data-testid="profile-history">
      {steps.length === 0 && translate('admin.companyProfile.noHistory')}
      <List dense>
        {steps.map((step) => (
          <ListItem key={step.revision} divider data-testid="profile-history-step">
            <ListItemText
              primary={translate(`admin.companyProfile.steps.${step.event}`, {
                list: step.list ? translate(`admin.companyProfile.tabs.${step.list}`) : '',
                label: step.label ?? '',
              })}
              secondary={`${formatDateTime(step.at)} · ${step.byName ?? '-'}${step.reason ? ` · ${step.reason}` : ''}`}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      {next && (
        <Button onClick={() => void load(next)} sx={{ alignSelf: 'flex-start' }}>
          {translate('admin.companyProfile.more')}
        </Button>
      )}
    </Stack>
  );
}
