// /administration/company: the chosen company's profile in tabs, `?tab=<key>` opening one (a link or a reload
// keeps it). The first tab is the registration's status, submission and history (CompanyStatusPage); the others
// are who the company is. The tabs are one array (TABS): a tab more is a line more. Above them, the rules
// that span tabs not yet kept, each linking to its tab, so the company sees before submitting what Submit
// would refuse.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, AlertTitle, Box, Card, CardContent, Link, Tab, Tabs, Typography } from '@mui/material';
import type { CompanyProfileView } from '@binaan/contracts';
import { useSession } from '../../shared/session/session-store.js';
import { CompanyStatusPage } from '../company-registration/CompanyStatusPage.js';
import { CompanyFilesTab } from '../company-files/CompanyFilesTab.js';
import { ProfileFacts } from './ProfileFacts.js';
import { EntriesTab } from './EntriesTab.js';
import { HistoryTab } from './HistoryTab.js';
import { InformationTab } from './InformationTab.js';
import { ownProfile } from './profile-api.js';
import { SharingTab } from './SharingTab.js';

type Panel = { view: CompanyProfileView | null; reload: () => void };
/** The tabs in order: `needsProfile` waits for the profile (and is left out when it cannot be read). */
const TABS: { key: string; needsProfile: boolean; render: (panel: Panel) => ReactNode }[] = [
  { key: 'status', needsProfile: false, render: ({ reload }) => <CompanyStatusPage embedded onChanged={reload} /> },
  { key: 'information', needsProfile: true, render: ({ view, reload }) => <InformationTab view={view!} onChanged={reload} /> },
  { key: 'registration', needsProfile: true, render: ({ view }) => <ProfileFacts view={view!} tab="registration" /> },
  {
    key: 'shareholders',
    needsProfile: true,
    render: ({ view, reload }) => <EntriesTab list="shareholders" companyId={null} editable={view!.editable} onChanged={reload} />,
  },
  {
    key: 'directors',
    needsProfile: true,
    render: ({ view, reload }) => <EntriesTab list="directors" companyId={null} editable={view!.editable} onChanged={reload} />,
  },
  {
    key: 'machinery',
    needsProfile: true,
    render: ({ view }) => <EntriesTab list="machinery" companyId={null} editable={view!.editable} />,
  },
  {
    key: 'trackRecord',
    needsProfile: true,
    render: ({ view }) => <EntriesTab list="trackRecord" companyId={null} editable={view!.editable} />,
  },
  { key: 'files', needsProfile: true, render: ({ view }) => <CompanyFilesTab companyId={view!.companyId} /> },
  { key: 'sharing', needsProfile: true, render: ({ view, reload }) => <SharingTab view={view!} onChanged={reload} /> },
  { key: 'history', needsProfile: true, render: () => <HistoryTab /> },
];

export function CompanyProfileTabsPage() {
  const translate = useTranslate();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<CompanyProfileView | null>(null);
  const load = useCallback(() => void ownProfile().then(setView, () => setView(null)), []);
  useEffect(load, [load]);
  const tabs = TABS.filter((tab) => !tab.needsProfile || view);
  const current = tabs.find((tab) => tab.key === params.get('tab')) ?? tabs[0]!;
  const name = view?.name || session?.selectedCompanyName || '';
  const title = translate('company.profile.title', { name });

  return (
    <Box sx={{ mt: 2, mb: 4, minWidth: 0 }} data-testid="company-profile-tabs">
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {view && view.problems.length > 0 && view.editable && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="profile-problems">
          <AlertTitle>{translate('admin.companyProfile.problemsTitle')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {view.problems.map((problem) => (
              <li key={problem.code}>
                <Link component={RouterLink} to={`?tab=${problem.tab}`} data-code={problem.code}>
                  {translate(`error.${problem.code}`)}
                </Link>
              </li>
            ))}
          </Box>
        </Alert>
      )}
      <Tabs
        value={current.key}
        onChange={(_event, key: string) => setParams({ tab: key })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={translate('admin.companyProfile.tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            label={translate(`admin.companyProfile.tabs.${tab.key}`)}
            id={`profile-tab-${tab.key}`}
            aria-controls="profile-panel"
            data-testid={`profile-tab-${tab.key}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="profile-panel" aria-labelledby={`profile-tab-${current.key}`} sx={{ pt: 2 }}>
        {current.key === 'status' || current.key === 'files' ? (
          current.render({ view, reload: load })
        ) : (
          <Card>
            <CardContent>{current.render({ view, reload: load })}</CardContent>
          </Card>
        )}
      </Box>
    </Box>
  );
}
