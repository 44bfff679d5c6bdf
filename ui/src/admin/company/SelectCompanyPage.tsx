// Company selection after sign-in, and when switching (signed-in-area.md §2.1): the user's companies with
// name, status and the user's role(s) there, each behind the company's initials (the api serves no company
// logo image, so every company shows its initials; "No logo" said nothing useful). The page is white from
// top to bottom (noLayout: nothing else paints the background). A failed choice shows the translated error in the list and
// as a toast. The choice leads where §2.3 says (landingAfterChoice in @binaan/contracts).
import { useAccess } from '../access/access-context.js';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { CompanyListItem, CompanyTermsToAccept } from '@binaan/contracts';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  CircularProgress,
  Container,
  Stack,
  Typography,
} from '@mui/material';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import { useSession } from '../../shared/session/session-store.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { CompanyTermsAcceptDialog } from '../setups/CompanyTermsAcceptDialog.js';
import { termsToAccept } from '../setups/setups-api.js';
import { chooseCompany, companyInitials, listCompanies } from './choose-company.js';
import { landingAfterTerms } from './company-terms-step.js';

export function SelectCompanyPage() {
  const translate = useTranslate();
  // A platform administrator's buttons follow their admin module rights (all of them until those are read).
  const { adminRights } = useAccess();
  const mayUse = (right: string) => !adminRights || adminRights.includes(right);
  const notify = useNotify();
  const navigate = useNavigate();
  const session = useSession();
  const [companies, setCompanies] = useState<CompanyListItem[] | null>(null);
  const [failed, setFailed] = useState<{ companyId: string; code: string } | null>(null);
  const [choosing, setChoosing] = useState<string | null>(null);
  const location = useLocation();
  const [terms, setTerms] = useState<CompanyTermsToAccept>(null);

  // The chosen company's own terms, when they wait for this member (after a choice, or a call refused for them).
  useEffect(() => {
    if (!new URLSearchParams(location.search).has('acceptTerms') || !session?.selectedCompany) return;
    termsToAccept().then(setTerms, (error: unknown) => notify(`error.${errorCodeOf(error)}`, { type: 'error' }));
  }, [location.search, session?.selectedCompany, notify]);

  useEffect(() => {
    listCompanies().then(setCompanies, (error: unknown) => {
      setCompanies([]);
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    });
  }, [notify]);

  const choose = async (company: CompanyListItem) => {
    setChoosing(company.companyProfileId);
    setFailed(null);
    try {
      navigate(await chooseCompany(company.companyProfileId));
    } catch (error) {
      const code = errorCodeOf(error);
      setFailed({ companyId: company.companyProfileId, code });
      notify(`error.${code}`, { type: 'error' });
    } finally {
      setChoosing(null);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.paper' }} data-testid="select-company-page">
      <Container component="main" maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }} data-testid="select-company">
        <Typography variant="h4" component="h1" gutterBottom>
          {translate('admin.company.selectTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {translate('admin.company.selectIntro', { name: session?.user?.name ?? '' })}
        </Typography>
        {companies === null && <CircularProgress aria-label={translate('ra.page.loading')} />}
        {companies?.length === 0 && (
          <>
            <Alert severity="info" data-testid="no-company">
              {translate('admin.company.none')} {translate('company.choice.noneNext')}
            </Alert>
            <Button
              component={Link}
              to="/administration/add-company"
              variant="contained"
              startIcon={<AddBusinessIcon />}
              sx={{ mt: 2, mr: 1 }}
              data-testid="register-company"
            >
              {translate('company.choice.registerFirst')}
            </Button>
          </>
        )}
        {/* The platform administrator acts for the platform too, with or without a company (AdminApp's PLATFORM_ADMIN_PATHS). */}
        {session?.userRole === 'ADMIN' && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ my: 2, alignItems: { sm: 'flex-start' }, flexWrap: 'wrap', rowGap: 1 }}
          >
            {mayUse('admin.user') && (
              <Button component={Link} to="/admin/users" variant="outlined" data-testid="platform-users">
                {translate('admin.company.platformUsers')}
              </Button>
            )}
            {mayUse('admin.inquiry') && (
              <Button component={Link} to="/admin/inquiries" variant="outlined" data-testid="platform-inquiries">
                {translate('admin.menu.inquiries')}
              </Button>
            )}
            {mayUse('admin.configuration') && (
              <Button component={Link} to="/admin/configuration" variant="outlined" data-testid="platform-configuration">
                {translate('company.choice.configuration')}
              </Button>
            )}
          </Stack>
        )}
        {/* The list holds the administrator's own companies; any other is opened from its registration. */}
        {session?.userRole === 'ADMIN' && mayUse('admin.company') && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
            <Button component={Link} to="/admin/company-registrations" variant="outlined" data-testid="platform-registrations">
              {translate('company.choice.review')}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {translate('company.choice.reviewNote')}
            </Typography>
          </Stack>
        )}
        <Stack spacing={2}>
          {companies?.map((company) => (
            <Card key={company.companyProfileId} variant={session?.selectedCompany === company.companyProfileId ? 'elevation' : 'outlined'}>
              <CardActionArea
                onClick={() => void choose(company)}
                disabled={choosing !== null}
                data-testid={`company-${company.companyProfileId}`}
              >
                <CardContent>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                    <Avatar
                      sx={{ bgcolor: 'primary.main', width: 48, height: 48, fontWeight: 600 }}
                      aria-hidden="true"
                      data-testid="company-initials"
                    >
                      {companyInitials(company.company_name)}
                    </Avatar>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography variant="h6" sx={{ overflowWrap: 'anywhere' }}>
                        {company.company_name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" data-testid="company-roles">
                        {translate('admin.company.yourRole', {
                          roles: company.roles.length > 0 ? company.roles.join(', ') : translate('admin.company.noRole'),
                        })}
                      </Typography>
                      <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                        <Chip
                          size="small"
                          label={translate(`admin.company.status.${company.status}`, { _: String(company.status) })}
                          color={company.status === 3 ? 'success' : 'warning'}
                        />
                      </Stack>
                    </Box>
                    {choosing === company.companyProfileId && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
                  </Box>
                  {failed?.companyId === company.companyProfileId && (
                    <Alert severity="error" sx={{ mt: 1 }}>
                      {translate(`error.${failed.code}`, { _: translate('error.unknownError') })}
                    </Alert>
                  )}
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
        {/* A company of one's own to add, beside those one was invited to. */}
        {companies && companies.length > 0 && (
          <Button
            component={Link}
            to="/administration/add-company"
            startIcon={<AddBusinessIcon />}
            sx={{ mt: 3 }}
            data-testid="register-another"
          >
            {translate('company.choice.registerAnother')}
          </Button>
        )}
      </Container>
      <CompanyTermsAcceptDialog
        terms={terms}
        companyName={session?.selectedCompanyName ?? ''}
        onAccepted={() => {
          setTerms(null);
          navigate(landingAfterTerms());
        }}
        onDecline={() => {
          setTerms(null);
          navigate('/select-company', { replace: true });
        }}
      />
    </Box>
  );
}
