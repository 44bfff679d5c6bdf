// Another company's profile, read-only: the tabs it shares (every tab for the platform administrator), identity
// numbers masked. Opened from the tender invite picker (a dialog) and shown on the registration review.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, LinearProgress, Tab, Tabs } from '@mui/material';
import { isPersonList, type CompanyProfileView, type ShareableTab } from '@binaan/contracts';
import { errorCodeOf } from '../providers/admin-request.js';
import { EntriesTab } from './EntriesTab.js';
import { otherProfile } from './profile-api.js';
import { ProfileFacts } from './ProfileFacts.js';

export function SharedProfileView({ companyId }: { companyId: string }) {
  const translate = useTranslate();
  const [view, setView] = useState<CompanyProfileView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [tab, setTab] = useState<ShareableTab | null>(null);
  useEffect(() => {
    otherProfile(companyId).then(
      (found) => {
        setView(found);
        setTab(found.tabs[0] ?? null);
      },
      (error: unknown) => setFailed(errorCodeOf(error)),
    );
  }, [companyId]);
  if (failed) return <Alert severity="warning">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>;
  if (!view) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (view.tabs.length === 0 || !tab) return <Alert severity="info">{translate('admin.companyProfile.nothingShared')}</Alert>;
  return (
    <Box sx={{ minWidth: 0 }} data-testid="shared-profile">
      <Tabs
        value={tab}
        onChange={(_event, value: ShareableTab) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={translate('admin.companyProfile.sharedTitle', { name: view.name })}
      >
        {view.tabs.map((key) => (
          <Tab
            key={key}
            value={key}
            label={translate(`admin.companyProfile.tabs.${key}`)}
            id={`shared-tab-${key}`}
            aria-controls={`shared-panel-${key}`}
            data-testid={`shared-tab-${key}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`shared-panel-${tab}`} aria-labelledby={`shared-tab-${tab}`} sx={{ pt: 2 }}>
        {(tab === 'information' || tab === 'registration') && <ProfileFacts view={view} tab={tab} />}
        {(isPersonList(tab) || tab === 'machinery' || tab === 'trackRecord') && (
          <EntriesTab key={tab} list={tab} companyId={companyId} editable={false} />
        )}
      </Box>
    </Box>
  );
}
