// Delegations of approval authority (GET /api/authority-delegations): every member sees the grants they give
// or receive, and lends their own approvals for a period; a holder of the manual's rights sees the company's
// grants, and with the update right lends a member's approvals on their behalf. 50 a page, "Load more" after.
import { useCallback, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { hasAnyAccessRight, type DelegationView } from '@binaan/contracts';
import { useSession } from '../../shared/session/session-store.js';
import { useAccess } from '../access/access-context.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { loadFailureOf, type LoadFailure } from '../layout/load-failure.js';
import { useLoaded } from '../layout/use-loaded.js';
import { authorityApi } from './authority-api.js';
import { DelegationDialog } from './DelegationDialog.js';
import { DelegationList } from './DelegationList.js';
import { appendPage, mayRevoke } from './delegation-rules.js';
import { RevokeDelegationDialog } from './RevokeDelegationDialog.js';

const firstPage = () => authorityApi.delegations();

export function DelegationsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const access = useAccess();
  const session = useSession();
  const canManage = hasAnyAccessRight(access.rights, 'administration.authorityManual.update');
  const seesAll = canManage || hasAnyAccessRight(access.rights, 'administration.authorityManual.view');
  const first = useLoaded(firstPage);
  const members = useLoaded(authorityApi.delegates);
  // Pages after the first, as "Load more" brings them; a reload of the first starts over.
  const [more, setMore] = useState<{ grants: DelegationView[]; next: string | null } | null>(null);
  const [moreFailure, setMoreFailure] = useState<LoadFailure | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [delegating, setDelegating] = useState(false);
  const [revoking, setRevoking] = useState<DelegationView | null>(null);
  const me = members.data?.find((m) => m.email === session?.user?.email)?.id ?? null;
  const grants = appendPage(first.data?.delegations ?? [], more?.grants ?? []);
  const next = more ? more.next : (first.data?.next ?? null);
  const { reload } = first;
  const startOver = useCallback(() => {
    setMore(null);
    setMoreFailure(null);
    reload();
  }, [reload]);
  const loadMore = async () => {
    if (!next) return;
    setLoadingMore(true);
    try {
      const page = await authorityApi.delegations(next);
      setMore((shown) => ({ grants: appendPage(shown?.grants ?? [], page.delegations), next: page.next }));
      setMoreFailure(null);
    } catch (error) {
      setMoreFailure(loadFailureOf(error));
    } finally {
      setLoadingMore(false);
    }
  };
  const title = translate('authority.delegations.title');
  return (
    <Card sx={{ mt: 2 }} data-testid="delegations-page">
      <Title title={title} />
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDelegating(true)} data-testid="delegate-open">
            {translate('authority.delegations.delegate')}
          </Button>
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {translate(seesAll ? 'authority.delegations.introAll' : 'authority.delegations.introOwn')}
        </Typography>
        {seesAll && (
          <Typography sx={{ mt: 1 }}>
            <Link component={RouterLink} to="/administration/authority">
              {translate('authority.delegations.toAuthority')}
            </Link>
          </Typography>
        )}
        {first.failure ? (
          <LoadFailed
            what={translate('authority.delegations.what')}
            failure={first.failure}
            onRetry={startOver}
            testId="delegations-failed"
            sx={{ mt: 2 }}
          />
        ) : first.data === undefined ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress aria-label={translate('ra.page.loading')} />
          </Box>
        ) : grants.length === 0 ? (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="delegations-empty">
            {translate('authority.delegations.empty')}
          </Alert>
        ) : (
          <DelegationList grants={grants} mayRevoke={(grant) => mayRevoke(grant, { canManage, seesAll, me })} onRevoke={setRevoking} />
        )}
        {moreFailure && (
          <LoadFailed what={translate('authority.delegations.what')} failure={moreFailure} onRetry={() => void loadMore()} sx={{ mt: 2 }} />
        )}
        {next && !first.failure && (
          <Box sx={{ mt: 2 }}>
            <Button onClick={() => void loadMore()} disabled={loadingMore} data-testid="delegations-more">
              {translate('authority.delegations.loadMore')}
            </Button>
          </Box>
        )}
      </CardContent>
      <DelegationDialog
        open={delegating}
        canManage={canManage}
        members={members.data ?? []}
        membersFailure={members.failure}
        onRetryMembers={members.reload}
        onClose={() => setDelegating(false)}
        onDone={() => {
          setDelegating(false);
          notify('authority.delegations.granted', { type: 'success' });
          startOver();
        }}
      />
      <RevokeDelegationDialog
        grant={revoking}
        onClose={() => setRevoking(null)}
        onDone={() => {
          setRevoking(null);
          notify('authority.delegations.revoked', { type: 'success' });
          startOver();
        }}
      />
    </Card>
  );
}
