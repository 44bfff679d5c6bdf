// /auth/non-approved-company-login (signed-in-area.md §2.1): the chosen company is not approved yet. It says
// what to do next and leads to the company's profile (its registration, to complete or correct and submit);
// the user may also choose another company or sign out; modules that allow pending companies stay reachable (§4.8).
import { useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Container, Paper, Stack, Typography } from '@mui/material';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { signOut } from '../../shared/session/sign-out.js';
import { useChosenCompany } from './company-state.js';

export function NonApprovedCompanyPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const company = useChosenCompany();
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 8 }} data-testid="non-approved-company">
      <Paper sx={{ p: 4, textAlign: 'center' }}>
        <HourglassEmptyIcon color="warning" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('admin.company.notApprovedTitle')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate('admin.company.notApprovedBody', { name: company?.name ?? '' })}</Typography>
        <Typography sx={{ mb: 3 }}>{translate('company.notApproved.next')}</Typography>
        <Stack sx={{ justifyContent: 'center', flexWrap: 'wrap', gap: 1 }} direction="row" useFlexGap>
          <Button component={Link} to="/administration/company" variant="contained" data-testid="open-registration">
            {translate('company.notApproved.open')}
          </Button>
          <Button component={Link} to="/select-company" variant="outlined">
            {translate('admin.company.chooseAnother')}
          </Button>
          <Button onClick={() => void signOut().then(() => navigate('/auth/sign-in?from=logout'))}>
            {translate('admin.menu.signOut')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
