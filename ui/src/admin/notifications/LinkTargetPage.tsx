// The pages of §2.6 link targets (link-targets.ts): the document or list they stand for, or a note that the
// area has no such page yet. Mounted at LINK_TARGET_ROUTES by linkTargetRoutes().
import { Title, useTranslate } from 'react-admin';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { Alert, Card, CardContent, Typography } from '@mui/material';
import { PageLoading } from '../../shared/pages/PageLoading.js';
import { loadCatalogue } from '../catalogue/catalogue.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { useLoaded } from '../layout/use-loaded.js';
import { LINK_TARGET_ROUTES, resolveLinkTarget } from './link-targets.js';

export function LinkTargetPage() {
  const translate = useTranslate();
  const location = useLocation();
  // The kinds' statuses (the catalogue, fetched once per visit), so a target's page filters the list to its status.
  const loaded = useLoaded(loadCatalogue);
  // Without the statuses a target would open the wrong list (or none): the page says what failed instead.
  if (loaded.failure) {
    return (
      <>
        <Title title={translate('admin.notifications.title')} />
        <LoadFailed what={translate('admin.loadFailed.what.catalogue')} failure={loaded.failure} onRetry={loaded.reload} sx={{ mt: 2 }} />
      </>
    );
  }
  const catalogue = loaded.data;
  if (catalogue === undefined) return <PageLoading />;
  const statusesOf = (resource: string) => catalogue.find((e) => e.resource === resource)?.states.map((s) => s.status) ?? [];
  const place = resolveLinkTarget(location.pathname, location.search, location.state, statusesOf);
  if (place) return <Navigate to={place.to} replace />;
  return (
    <Card sx={{ mt: 2 }} data-testid="link-target-not-built">
      <Title title={translate('admin.notifications.title')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('admin.notifications.title')}
        </Typography>
        <Alert severity="info">{translate('admin.notBuilt')}</Alert>
      </CardContent>
    </Card>
  );
}

export function linkTargetRoutes() {
  return LINK_TARGET_ROUTES.map((path) => <Route key={path} path={path} element={<LinkTargetPage />} />);
}
