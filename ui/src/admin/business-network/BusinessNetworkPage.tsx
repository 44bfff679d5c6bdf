// /business-network/<tab>: the chosen company's business network (signed-in-area.md §2.5): companies to
// invite, partners (we invited them, they accepted), clients (they invited us), requests received, requests
// sent, requests kept in view (KIV), and conversations. The §2.6 link targets open their tab:
// request-received-partner (requests received), request-received-partner2 (requests sent), kiv-partner2,
// seller/approved-client2 (clients), conversations?viewid=<conversation>.
import { useCallback, useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import type { NetworkCompanyRow, RelationAction, RelationList, RelationRow } from '@binaan/contracts';
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { actOnRelation, NETWORK_PAGE, networkCompanies, relations, type Page } from './business-network-api.js';
import { ConversationsView } from './ConversationsView.js';
import { PartnerEvaluationDialog } from './PartnerEvaluationDialog.js';
import { SharedProfileDialog } from '../company-profile/SharedProfileDialog.js';

export const NETWORK_TABS = ['companies', 'partners', 'clients', 'requests-received', 'requests-sent', 'kiv', 'conversations'] as const;
export type NetworkTab = (typeof NETWORK_TABS)[number];

/** The §2.6 targets' slugs, and the tab each opens. */
const TARGET_TABS: Record<string, NetworkTab> = {
  'request-received-partner': 'requests-received',
  'request-received-partner2': 'requests-sent',
  'request-received-profile': 'requests-received',
  'request-received-profile2': 'requests-sent',
  'received-shared-profile2': 'partners',
  'kiv-partner2': 'kiv',
  'kiv-profile2': 'kiv',
  'approved-client2': 'clients',
};

export function tabOf(slug: string | undefined): NetworkTab {
  if (slug && (NETWORK_TABS as readonly string[]).includes(slug)) return slug as NetworkTab;
  return (slug && TARGET_TABS[slug]) || 'partners';
}

const LISTS: Partial<Record<NetworkTab, RelationList>> = {
  partners: 'partners',
  clients: 'clients',
  'requests-received': 'requestsReceived',
  'requests-sent': 'requestsSent',
  kiv: 'kiv',
};

/** What each list offers on a row; Reject and Cancel ask why. */
const ROW_ACTIONS: Record<RelationList, RelationAction[]> = {
  partners: ['Cancel'],
  clients: ['Cancel'],
  requestsReceived: ['Accept', 'Reject', 'KeepInView'],
  requestsSent: ['Cancel'],
  kiv: ['Accept', 'Reject', 'StopKeepingInView'],
  all: [],
};
const NEEDS_REMARK: readonly RelationAction[] = ['Reject', 'Cancel'];
/** Lists whose rows open a conversation and the other company's shared profile; partners and clients are evaluated. */
const TALKS: readonly RelationList[] = ['partners', 'clients', 'requestsReceived', 'requestsSent', 'kiv'];
const EVALUATED: readonly RelationList[] = ['partners', 'clients'];
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

export function BusinessNetworkPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const params = useParams();
  const tab = tabOf(params.tab ?? (params['*'] ? params['*'].split('/').pop() : undefined));
  const title = translate('admin.menu.businessNetwork');
  return (
    <Card sx={{ mt: 2 }} data-testid="business-network">
      <Title title={title} />
      <CardContent sx={{ px: { xs: 1, sm: 2 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Tabs
          value={tab}
          onChange={(_e, next: NetworkTab) => void navigate(`/business-network/${next}`)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={title}
          sx={{ mb: 2 }}
        >
          {NETWORK_TABS.map((t) => (
            <Tab
              key={t}
              value={t}
              label={translate(`network.tabs.${t}`)}
              id={`network-tab-${t}`}
              aria-controls="network-panel"
              data-testid={`network-tab-${t}`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id="network-panel" aria-labelledby={`network-tab-${tab}`}>
          <Typography sx={{ mb: 2 }}>{translate(`network.intro.${tab}`)}</Typography>
          {tab === 'companies' && <CompaniesView />}
          {LISTS[tab] && <RelationsView key={tab} list={LISTS[tab]} />}
          {tab === 'conversations' && <ConversationsView />}
        </Box>
      </CardContent>
    </Card>
  );
}

function useList<T>(load: (page: number) => Promise<Page<T>>, page: number, reload: number) {
  const [reply, setReply] = useState<Page<T> | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    load(page).then(
      (r) => {
        if (current) {
          setReply(r);
          setFailed(null);
        }
      },
      (error: unknown) => current && setFailed(errorCodeOf(error)),
    );
    return () => {
      current = false;
    };
  }, [load, page, reload]);
  return { reply, failed };
}

function Failure({ code }: { code: string }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {translate(`network.errors.${code}`, { _: translate(`error.${code}`, { _: translate('error.unknownError') }) })}
    </Alert>
  );
}

function Pager({ page, total, capped, setPage }: { page: number; total: number; capped: boolean; setPage: (p: number) => void }) {
  const translate = useTranslate();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={NETWORK_PAGE}
      rowsPerPageOptions={[NETWORK_PAGE]}
      onPageChange={(_e, p) => setPage(p)}
      labelDisplayedRows={({ from, to, count }) =>
        translate('network.pageRange', { from, to, count: capped ? `${count.toLocaleString('en')}+` : count.toLocaleString('en') })
      }
    />
  );
}

function RelationsView({ list }: { list: RelationList }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const [reload, setReload] = useState(0);
  const load = useCallback((p: number) => relations(list, p), [list]);
  const { reply, failed } = useList(load, page, reload);
  const [acting, setActing] = useState<{ row: RelationRow; action: RelationAction } | null>(null);
  const [actFailed, setActFailed] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [opened, setOpened] = useState<{ row: RelationRow; view: 'profile' | 'evaluation' } | null>(null);

  const act = async (row: RelationRow, action: RelationAction, remark?: string) => {
    setActFailed(null);
    try {
      await actOnRelation(row.id, action, remark);
      setActing(null);
      setDone(translate(`network.done.${action}`, { company: row.companyName }));
      setReload((n) => n + 1);
    } catch (error) {
      setActFailed(errorCodeOf(error));
    }
  };
  const label = translate(`network.tabs.${Object.entries(LISTS).find(([, l]) => l === list)?.[0] ?? 'partners'}`);
  return (
    <>
      {done && (
        <Alert severity="success" sx={{ mb: 2 }} role="status" data-testid="network-done">
          {done}
        </Alert>
      )}
      {(failed || (actFailed && !acting)) && <Failure code={(failed ?? actFailed)!} />}
      {!failed && !reply && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {reply && reply.rows.length === 0 && (
        <Typography color="text.secondary" data-testid="network-empty">
          {translate('network.empty')}
        </Typography>
      )}
      {reply && reply.rows.length > 0 && (
        <>
          <TableContainer tabIndex={0} role="region" aria-label={label}>
            <Table size="small" aria-label={label}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('network.columns.company')}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{translate('network.columns.updatedAt')}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{translate('network.columns.remark')}</TableCell>
                  <TableCell>{translate('network.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {reply.rows.map((row) => (
                  <TableRow key={row.id} data-testid="network-relation" data-id={row.id}>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 110 }}>{row.companyName}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{formatDateTime(row.updatedAt)}</TableCell>
                    <TableCell sx={{ ...WIDE_ONLY, overflowWrap: 'anywhere' }}>{row.lastRemark ?? ''}</TableCell>
                    <TableCell>
                      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                        {ROW_ACTIONS[list].map((action) => (
                          <Button
                            key={action}
                            size="small"
                            variant={action === 'Accept' ? 'contained' : 'outlined'}
                            aria-label={translate(`network.actionOn.${action}`, { company: row.companyName })}
                            data-testid={`network-${action}`}
                            onClick={() => (NEEDS_REMARK.includes(action) ? setActing({ row, action }) : void act(row, action))}
                          >
                            {translate(`network.actions.${action}`)}
                          </Button>
                        ))}
                        {TALKS.includes(list) && (
                          <>
                            <Button
                              size="small"
                              aria-label={translate('network.actionOn.message', { company: row.companyName })}
                              data-testid="network-message"
                              onClick={() => void navigate(`/business-network/conversations?viewid=${row.conversationId}`)}
                            >
                              {translate('network.actions.message')}
                            </Button>
                            <Button
                              size="small"
                              aria-label={translate('network.actionOn.profile', { company: row.companyName })}
                              data-testid="network-profile"
                              onClick={() => setOpened({ row, view: 'profile' })}
                            >
                              {translate('network.actions.profile')}
                            </Button>
                          </>
                        )}
                        {EVALUATED.includes(list) && (
                          <Button
                            size="small"
                            aria-label={translate('network.actionOn.evaluate', { company: row.companyName })}
                            data-testid="network-evaluate"
                            onClick={() => setOpened({ row, view: 'evaluation' })}
                          >
                            {translate('network.actions.evaluate')}
                          </Button>
                        )}
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Pager page={page} total={reply.total} capped={reply.capped} setPage={setPage} />
        </>
      )}
      {opened?.view === 'profile' && (
        <SharedProfileDialog companyId={opened.row.id} name={opened.row.companyName} onClose={() => setOpened(null)} />
      )}
      {opened?.view === 'evaluation' && (
        <PartnerEvaluationDialog companyId={opened.row.id} name={opened.row.companyName} onClose={() => setOpened(null)} />
      )}
      {acting && (
        <RemarkDialog
          title={translate(`network.actionOn.${acting.action}`, { company: acting.row.companyName })}
          failed={actFailed}
          onCancel={() => {
            setActing(null);
            setActFailed(null);
          }}
          onConfirm={(remark) => void act(acting.row, acting.action, remark)}
        />
      )}
    </>
  );
}

function RemarkDialog({
  title,
  failed,
  onCancel,
  onConfirm,
}: {
  title: string;
  failed: string | null;
  onCancel: () => void;
  onConfirm: (remark: string) => void;
}) {
  const translate = useTranslate();
  const [remark, setRemark] = useState('');
  return (
    <Dialog open onClose={onCancel} aria-labelledby="network-remark-title" fullWidth maxWidth="sm">
      <DialogTitle id="network-remark-title">{title}</DialogTitle>
      <DialogContent>
        {failed && <Failure code={failed} />}
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          required
          label={translate('network.remark')}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'network-remark' } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!remark.trim()} onClick={() => onConfirm(remark.trim())} data-testid="network-remark-confirm">
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CompaniesView() {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [reload, setReload] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const [actFailed, setActFailed] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(q);
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [q]);
  const load = useCallback((p: number) => networkCompanies(search, p), [search]);
  const { reply, failed } = useList(load, page, reload);
  const invite = async (row: NetworkCompanyRow) => {
    setActFailed(null);
    try {
      await actOnRelation(row.id, 'Invite');
      setDone(translate('network.done.Invite', { company: row.companyName }));
      setReload((n) => n + 1);
    } catch (error) {
      setActFailed(errorCodeOf(error));
    }
  };
  const label = translate('network.tabs.companies');
  return (
    <>
      <TextField
        type="search"
        label={translate('network.search')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        sx={{ width: { xs: '100%', sm: 420 }, mb: 2 }}
        slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'network-search' } }}
      />
      {done && (
        <Alert severity="success" sx={{ mb: 2 }} role="status" data-testid="network-done">
          {done}
        </Alert>
      )}
      {(failed || actFailed) && <Failure code={(failed ?? actFailed)!} />}
      {!failed && !reply && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {reply && reply.rows.length === 0 && (
        <Typography color="text.secondary" data-testid="network-empty">
          {translate('network.empty')}
        </Typography>
      )}
      {reply && reply.rows.length > 0 && (
        <>
          <TableContainer tabIndex={0} role="region" aria-label={label}>
            <Table size="small" aria-label={label}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('network.columns.company')}</TableCell>
                  <TableCell>{translate('network.columns.status')}</TableCell>
                  <TableCell>{translate('network.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {reply.rows.map((row) => (
                  <TableRow key={row.id} data-testid="network-company" data-id={row.id}>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 110 }}>{row.companyName}</TableCell>
                    <TableCell>{translate(`network.statuses.${row.status}`)}</TableCell>
                    <TableCell>
                      {(row.status === 'noRelation' || row.status === 'cancelled') && (
                        <Button
                          size="small"
                          variant="outlined"
                          aria-label={translate('network.actionOn.Invite', { company: row.companyName })}
                          data-testid="network-Invite"
                          onClick={() => void invite(row)}
                        >
                          {translate('network.actions.Invite')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Pager page={page} total={reply.total} capped={reply.capped} setPage={setPage} />
        </>
      )}
    </>
  );
}
