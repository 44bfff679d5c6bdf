// The signed-in pages that say where the user is: the home (/article, the dashboard in HomeDashboard.tsx) and the
// contractor profile (the contractor menu's other pages are in ../contractor). The company's registration
// (/administration/company) and add-company are in ../company-registration.
import { Title, useTranslate } from 'react-admin';
import { Alert, Card, CardContent, Typography } from '@mui/material';
import { useSession } from '../../shared/session/session-store.js';
import { useChosenCompany } from '../company/company-state.js';
import { HomeDashboard } from '../lazy-pages.js';

function Page({ titleKey, children, testId }: { titleKey: string; children: React.ReactNode; testId: string }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }} data-testid={testId}>
      <Title title={translate(titleKey)} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(titleKey)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Home (/article): the dashboard, its own chunk (the frame's first load stays small). */
export function ArticlePage() {
  return <HomeDashboard />;
}

export function CompanyProfilePage({ contractor = false }: { contractor?: boolean }) {
  const translate = useTranslate();
  const session = useSession();
  const company = useChosenCompany();
  return (
    <Page
      titleKey={contractor ? 'admin.menu.cidbCompanyProfile' : 'admin.menu.companyProfile'}
      testId={contractor ? 'cidb-company-profile' : 'company-profile'}
    >
      <Typography variant="h6">{session?.selectedCompanyName}</Typography>
      <Typography>
        {translate('admin.company.statusLabel')}: {translate(`admin.company.status.${company?.status ?? 0}`, { _: '-' })}
      </Typography>
      <Typography>
        {translate('admin.company.roles')}: {session?.roles || '-'}
      </Typography>
      {company?.status === 2 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('admin.company.submittedBody')}
        </Alert>
      )}
    </Page>
  );
}
