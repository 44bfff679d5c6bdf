// /administration/add-company (signed-in-area.md §4.8): register a company.
// Open to every signed-in user, with or without a chosen company (a person with no company starts here from
// the company choice). "Register the company" registers it (the user becomes its administrator), chooses it
// (a session for the new company) and opens its profile, where the company adds its shareholders and
// directors and submits it for review. Nobody lands here after choosing a company (they go home), so
// whoever opens the page came to register one: the form is there at once.
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { AddCompanyForm } from './AddCompanyForm.js';

export function AddCompanyPage() {
  const translate = useTranslate();
  const title = translate('company.register.title');
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }} data-testid="add-company">
      <Title title={title} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          <Typography sx={{ mb: 1 }}>{translate('company.register.intro')}</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('company.register.administrator')}
          </Typography>
          <Button component={Link} to="/select-company" variant="outlined" size="small">
            {translate('admin.company.chooseAnother')}
          </Button>
        </CardContent>
      </Card>
      <AddCompanyForm />
    </Stack>
  );
}
