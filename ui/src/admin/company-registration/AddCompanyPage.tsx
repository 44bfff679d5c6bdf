// /administration/add-company (signed-in-area.md §2.3, §4.8): register a company and submit it for review.
// Open to every signed-in user, with or without a chosen company (a person with no company starts here from
// the company choice). "Register and submit for review" registers the company (the user becomes its
// administrator), submits it, chooses it (a session for the new company) and goes where that choice leads:
// its profile, where it waits for approval. An approved company lands here too (§2.3), after every company
// choice: its people came to work, not to register a company, so the page says the company is approved and
// opens the form only when asked (its code loads then, so the way into the first list stays small).
import { lazy, Suspense } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { CompanySubmissionStatus } from '@binaan/contracts';
import { useSession } from '../../shared/session/session-store.js';
import { useChosenCompany } from '../company/company-state.js';

const AddCompanyForm = lazy(() => import('./AddCompanyForm.js').then((module) => ({ default: module.AddCompanyForm })));

export function AddCompanyPage() {
  const translate = useTranslate();
  const session = useSession();
  const company = useChosenCompany();
  const [query, setQuery] = useSearchParams();
  const approved = Boolean(session?.selectedCompany) && company?.companyId === session?.selectedCompany && company?.status === CompanySubmissionStatus.Approved;
  // In the address, so a change of language (which draws the page again) keeps the form open.
  const formOpen = !approved || query.get('form') === 'open';

  const title = translate('company.register.title');
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }} data-testid="add-company">
      <Title title={title} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>{title}</Typography>
          {approved && <Alert severity="success" sx={{ mb: 2 }} data-testid="add-company-approved">{translate('company.register.approvedIntro', { name: company?.name ?? '' })}</Alert>}
          <Typography sx={{ mb: 1 }}>{translate('company.register.intro')}</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('company.register.administrator')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            {approved && <Button component={Link} to="/article" variant="contained" size="small" data-testid="approved-start">{translate('company.register.startWorking')}</Button>}
            {!formOpen && <Button onClick={() => setQuery({ form: 'open' }, { replace: true })} variant="outlined" size="small" data-testid="register-another-open">{translate('company.register.openForm')}</Button>}
            <Button component={Link} to="/select-company" variant="outlined" size="small">{translate('admin.company.chooseAnother')}</Button>
          </Stack>
        </CardContent>
      </Card>
      {formOpen && (
        <Suspense fallback={null}>
          <AddCompanyForm />
        </Suspense>
      )}
    </Stack>
  );
}
