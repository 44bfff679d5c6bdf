// The inventory pages (signed-in-area.md §2.5 "inventory (stock in, out, transfer, adjustment, site
// locations)", §2.6 /inventory/{projectId}/{stock-receive, stock-out-util, transfer-in, stock-out,
// stock-adjustment}): the company's projects to choose from, its site locations, and per project the
// on-hand quantities (now or as of a day) with the movements of each page, recorded and acted on through
// the stock machine, each with its history. Texts in locales/<lang>/inventory.json.
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  MenuItem,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import type { CatalogueItemRow } from '@binaan/contracts';
import { formatDate } from '../../shared/i18n/dates.js';
import { loadProjects, type ProjectChoice } from '../documents/use-projects.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { RemarkDialog, type RemarkAction } from './RemarkDialog.js';
import {
  actOnMovement,
  addSiteLocation,
  deleteSiteLocation,
  movement as loadMovement,
  movements as loadMovements,
  onHand as loadOnHand,
  orderLines,
  products as loadProducts,
  receivableOrders,
  recordMovement,
  renameSiteLocation,
  siteLocations,
  type DeliveryOrderChoice,
  type DeliveryOrderLine,
  type Movement,
  type MovementKind,
  type MovementStep,
  type OnHandRow,
  type SiteLocation,
} from './inventory-api.js';

export const INVENTORY_PAGES = ['stock-receive', 'stock-out-util', 'transfer-in', 'stock-out', 'stock-adjustment'] as const;
type InventoryPage = (typeof INVENTORY_PAGES)[number];
const KIND_OF: Record<InventoryPage, MovementKind> = {
  'stock-receive': 'receive',
  'stock-out-util': 'utilisation',
  'transfer-in': 'transfer',
  'stock-out': 'transfer',
  'stock-adjustment': 'adjustment',
};

function useT() {
  const translate = useTranslate();
  return {
    translate,
    t: (key: string, options?: Record<string, unknown>) => translate(`inventory.${key}`, options),
    refusal: (error: unknown) => translate(`error.${errorCodeOf(error)}`, { _: translate('error.unknownError') }),
  };
}

function PageCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card sx={{ mt: 2 }} data-testid={testId}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** /inventory: the company's projects, each opening its stock pages; and the site locations. */
export function InventoryHomePage() {
  const { t, refusal } = useT();
  const [projects, setProjects] = useState<ProjectChoice[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    loadProjects().then(setProjects, (error: unknown) => setFailed(refusal(error)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <PageCard title={t('title')} testId="inventory-home">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <Button component={RouterLink} to="/inventory/site-locations" variant="outlined" sx={{ mb: 2 }}>
        {t('locations.title')}
      </Button>
      {failed && <Alert severity="error">{failed}</Alert>}
      <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {projects?.map((project) => (
          <li key={project.id}>
            <Link component={RouterLink} to={`/inventory/${project.id}/stock-receive`} data-testid="inventory-project">
              {`${project.code} · ${project.name}`}
            </Link>
          </li>
        ))}
      </Box>
    </PageCard>
  );
}

/** /inventory/site-locations: add, rename, delete (one in use is refused with the spec's message). */
export function SiteLocationsPage() {
  const { t, refusal } = useT();
  const [rows, setRows] = useState<SiteLocation[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [projects, setProjects] = useState<ProjectChoice[]>([]);
  const [name, setName] = useState('');
  const [projectId, setProjectId] = useState('');
  const [message, setMessage] = useState<{ severity: 'error' | 'success'; text: string } | null>(null);
  const [renaming, setRenaming] = useState<SiteLocation | null>(null);
  const load = useCallback(async (after: string | null) => {
    try {
      const page = await siteLocations(after);
      setRows((before) => (after ? [...(before ?? []), ...page.items] : page.items));
      setNext(page.next);
    } catch (error) {
      setMessage({ severity: 'error', text: refusal(error) });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    void load(null);
    loadProjects().then(setProjects, () => setProjects([]));
  }, [load]);
  const projectName = (id: string | null) => (id ? (projects.find((p) => p.id === id)?.name ?? id) : t('locations.companyWide'));
  const run = async (work: () => Promise<unknown>, done: string) => {
    setMessage(null);
    try {
      await work();
      setMessage({ severity: 'success', text: done });
      await load(null);
      return true;
    } catch (error) {
      setMessage({ severity: 'error', text: refusal(error) });
      return false;
    }
  };
  return (
    <PageCard title={t('locations.title')} testId="site-locations-page">
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => addSiteLocation(name.trim(), projectId || null), t('locations.added')).then((ok) => ok && setName(''));
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <TextField
          size="small"
          required
          label={t('locations.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'location-name' } }}
        />
        <TextField
          select
          size="small"
          label={t('locations.project')}
          value={projectId}
          onChange={(e) => setProjectId(e.target.value)}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'location-project' } as object } }}
        >
          <MenuItem value="">{t('locations.companyWide')}</MenuItem>
          {projects.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={name.trim() === ''} data-testid="location-add">
          {t('locations.add')}
        </Button>
      </Box>
      {message && (
        <Alert severity={message.severity} sx={{ mb: 1 }} data-testid="location-message">
          {message.text}
        </Alert>
      )}
      <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {rows?.map((row) => (
          <Card variant="outlined" component="li" key={row.id} data-testid="location-row" data-name={row.name}>
            <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', '&:last-child': { pb: 2 } }}>
              <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {projectName(row.projectId)}
                </Typography>
              </Box>
              <Button size="small" onClick={() => setRenaming(row)} aria-label={t('locations.renameNamed', { name: row.name })}>
                {t('locations.rename')}
              </Button>
              <Button
                size="small"
                color="error"
                onClick={() => void run(() => deleteSiteLocation(row.id), t('locations.deleted'))}
                aria-label={t('locations.deleteNamed', { name: row.name })}
                data-testid="location-delete"
              >
                {t('locations.delete')}
              </Button>
            </CardContent>
          </Card>
        ))}
      </Box>
      {rows?.length === 0 && <Typography>{t('locations.none')}</Typography>}
      {next && (
        <Button sx={{ mt: 1 }} onClick={() => void load(next)}>
          {t('more')}
        </Button>
      )}
      <RenameDialog
        location={renaming}
        onClose={(newName) => {
          const row = renaming;
          setRenaming(null);
          if (row && newName) void run(() => renameSiteLocation(row.id, newName), t('locations.renamed'));
        }}
      />
    </PageCard>
  );
}

function RenameDialog({ location, onClose }: { location: SiteLocation | null; onClose: (name: string | null) => void }) {
  const { t } = useT();
  const titleId = useId();
  const [name, setName] = useState('');
  useEffect(() => setName(location?.name ?? ''), [location]);
  return (
    <Dialog open={location !== null} onClose={() => onClose(null)} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('locations.rename')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('locations.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'location-rename' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)}>{t('cancel')}</Button>
        <Button variant="contained" disabled={name.trim() === ''} onClick={() => onClose(name.trim())} data-testid="location-rename-save">
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /inventory/:projectId/:page: on-hand (now or as of a day), the page's movements, a new one, actions and history. */
export function InventoryProjectPage() {
  const { projectId = '', page = 'stock-receive' } = useParams();
  const { t, refusal } = useT();
  const current = (INVENTORY_PAGES as readonly string[]).includes(page) ? (page as InventoryPage) : 'stock-receive';
  const kind = KIND_OF[current];
  const [project, setProject] = useState<ProjectChoice | null>(null);
  const [stock, setStock] = useState<OnHandRow[] | null>(null);
  const [asOf, setAsOf] = useState('');
  const [rows, setRows] = useState<Movement[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [message, setMessage] = useState<{ severity: 'error' | 'success'; text: string } | null>(null);
  const [showing, setShowing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = useCallback(async () => {
    try {
      const [list, held] = await Promise.all([loadMovements(projectId, kind, null), loadOnHand(projectId, asOf || null)]);
      setRows(list.items);
      setNext(list.next);
      setStock(held.items);
    } catch (error) {
      setMessage({ severity: 'error', text: refusal(error) });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectId, kind, asOf, current]);
  useEffect(() => {
    void reload();
  }, [reload]);
  useEffect(() => {
    loadProjects().then(
      (all) => setProject(all.find((p) => p.id === projectId) ?? null),
      () => setProject(null),
    );
  }, [projectId]);
  // Reject and Cancel ask why first (RemarkDialog), then act with the remark.
  const [asking, setAsking] = useState<{ row: Movement; action: RemarkAction } | null>(null);
  const act = async (row: Movement, action: 'Confirm' | 'Reject' | 'Cancel' | 'Receive', remark = '') => {
    if ((action === 'Reject' || action === 'Cancel') && remark === '') {
      setAsking({ row, action });
      return;
    }
    setAsking(null);
    setBusy(true);
    setMessage(null);
    try {
      const done = await actOnMovement(projectId, row.id, action, remark ? { remark } : {});
      setMessage({ severity: 'success', text: t('acted', { number: row.movementNo, status: t(`status.${done.status}`) }) });
      await reload();
    } catch (error) {
      setMessage({ severity: 'error', text: refusal(error) });
    } finally {
      setBusy(false);
    }
  };
  const offered = (row: Movement): ('Confirm' | 'Reject' | 'Cancel' | 'Receive')[] => {
    if (row.status === 'pending') return current === 'transfer-in' ? [] : ['Confirm', 'Reject', 'Cancel'];
    const receives =
      (row.kind === 'receive' || (row.kind === 'transfer' && current === 'transfer-in')) &&
      (row.status === 'confirmed' || row.status === 'partial');
    return [
      ...(receives ? (['Receive'] as const) : []),
      ...(row.status === 'confirmed' && current !== 'transfer-in' ? (['Cancel'] as const) : []),
    ];
  };
  const title = t('projectTitle', { project: project ? `${project.code} · ${project.name}` : '' });
  return (
    <PageCard title={title} testId="inventory-project-page">
      <Tabs value={current} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t('pagesLabel')} sx={{ mb: 2 }}>
        {INVENTORY_PAGES.map((p) => (
          <Tab
            key={p}
            value={p}
            label={t(`pages.${p}`)}
            component={RouterLink}
            to={`/inventory/${projectId}/${p}`}
            data-testid={`inventory-tab-${p}`}
          />
        ))}
      </Tabs>
      {message && (
        <Alert severity={message.severity} sx={{ mb: 1 }} data-testid="inventory-message">
          {message.text}
        </Alert>
      )}
      <Typography variant="h6" component="h2">
        {t('onHand.title')}
      </Typography>
      <TextField
        type="date"
        size="small"
        label={t('onHand.asOf')}
        value={asOf}
        onChange={(e) => setAsOf(e.target.value)}
        sx={{ my: 1 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'on-hand-as-of' } }}
      />
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="on-hand-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('onHand.product')}</TableCell>
              <TableCell>{t('onHand.location')}</TableCell>
              <TableCell align="right">{t('onHand.quantity')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {stock?.map((row) => (
              <TableRow
                key={`${row.productId} ${row.locationName}`}
                data-testid="on-hand-row"
                data-product={row.productCode}
                data-location={row.locationName}
              >
                <TableCell>{`${row.productCode ?? ''} ${row.productName ?? ''}`}</TableCell>
                <TableCell>{row.locationName}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="on-hand-quantity">
                  {`${row.quantity} ${row.unit ?? ''}`}
                </TableCell>
              </TableRow>
            ))}
            {stock?.length === 0 && (
              <TableRow>
                <TableCell colSpan={3}>{t('onHand.none')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        {t(`pages.${current}`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t(`intros.${current}`)}
      </Typography>
      {current !== 'transfer-in' && (
        <MovementForm
          projectId={projectId}
          page={current}
          onRecorded={(text) => (setMessage({ severity: 'success', text }), void reload())}
          onRefused={(text) => setMessage({ severity: 'error', text })}
        />
      )}
      <Box component="ul" sx={{ p: 0, m: 0, mt: 2, listStyle: 'none', display: 'grid', gap: 1 }}>
        {rows?.map((row) => (
          <Card variant="outlined" component="li" key={row.id} data-testid="movement-row" data-number={row.movementNo}>
            <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', '&:last-child': { pb: 2 } }}>
              <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{`${row.movementNo} · ${formatDate(row.createdAt)}`}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {[row.fromLocationName, row.toLocationName].filter(Boolean).join(' → ')}
                  {row.reason ? ` · ${row.reason}` : ''}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {row.lines.map((line) => t('lineText', { quantity: line.quantity, received: line.received })).join('; ')}
                </Typography>
              </Box>
              <Chip size="small" label={t(`status.${row.status}`)} data-testid="movement-status" />
              <Box sx={{ flexBasis: '100%', display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {offered(row).map((action) => (
                  <Button
                    key={action}
                    size="small"
                    variant={action === 'Confirm' || action === 'Receive' ? 'contained' : 'outlined'}
                    color={action === 'Reject' || action === 'Cancel' ? 'error' : 'primary'}
                    disabled={busy}
                    onClick={() => void act(row, action)}
                    aria-label={t(`actionsNamed.${action}`, { number: row.movementNo })}
                    data-testid={`movement-${action}`}
                  >
                    {t(`actions.${action}`)}
                  </Button>
                ))}
                <Button
                  size="small"
                  onClick={() => setShowing(row.id)}
                  aria-label={t('historyNamed', { number: row.movementNo })}
                  data-testid="movement-history"
                >
                  {t('history')}
                </Button>
              </Box>
            </CardContent>
          </Card>
        ))}
      </Box>
      {rows?.length === 0 && <Typography>{t('none')}</Typography>}
      {next && (
        <Button
          sx={{ mt: 1 }}
          onClick={() =>
            void loadMovements(projectId, kind, next).then((p) => (setRows((b) => [...(b ?? []), ...p.items]), setNext(p.next)))
          }
        >
          {t('more')}
        </Button>
      )}
      <HistoryDialog projectId={projectId} movementId={showing} onClose={() => setShowing(null)} />
      <RemarkDialog
        asking={asking && { number: asking.row.movementNo, action: asking.action }}
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={(remark) => asking && void act(asking.row, asking.action, remark)}
      />
    </PageCard>
  );
}

function HistoryDialog({ projectId, movementId, onClose }: { projectId: string; movementId: string | null; onClose: () => void }) {
  const { t, refusal } = useT();
  const titleId = useId();
  const [view, setView] = useState<(Movement & { history: MovementStep[] }) | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    setView(null);
    setFailed(null);
    if (movementId) loadMovement(projectId, movementId).then(setView, (error: unknown) => setFailed(refusal(error)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectId, movementId]);
  return (
    <Dialog open={movementId !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('historyTitle', { number: view?.movementNo ?? '' })}</DialogTitle>
      <DialogContent>
        {failed && <Alert severity="error">{failed}</Alert>}
        {view && (
          <>
            <Box component="ul" sx={{ pl: 2, mt: 0 }}>
              {view.lines.map((line) => (
                <li key={line.lineNo}>
                  {t('lineProduct', {
                    product: `${line.productCode ?? ''} ${line.productName ?? ''}`,
                    quantity: line.quantity,
                    received: line.received,
                  })}
                </li>
              ))}
            </Box>
            <Box component="ol" sx={{ pl: 2 }} data-testid="movement-history-steps">
              {view.history.map((step, index) => (
                <li key={index}>
                  <Typography>
                    {t('step', {
                      event: t(`events.${step.event}`),
                      status: t(`status.${step.statusAfter}`),
                      by: step.by ?? '',
                      at: new Date(step.at).toLocaleString(),
                    })}
                  </Typography>
                  {step.remark && <Typography variant="body2">{step.remark}</Typography>}
                </li>
              ))}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** One line per movement (a receipt: the delivery order's lines); the api refuses and says why. */
function MovementForm({
  projectId,
  page,
  onRecorded,
  onRefused,
}: {
  projectId: string;
  page: InventoryPage;
  onRecorded: (text: string) => void;
  onRefused: (text: string) => void;
}) {
  const { t, refusal } = useT();
  const kind = KIND_OF[page];
  const [locations, setLocations] = useState<SiteLocation[]>([]);
  const [items, setItems] = useState<CatalogueItemRow[]>([]);
  const [orders, setOrders] = useState<DeliveryOrderChoice[]>([]);
  const [orderId, setOrderId] = useState('');
  const [lines, setLines] = useState<DeliveryOrderLine[]>([]);
  const [picks, setPicks] = useState<Record<number, { productId: string; quantity: string }>>({});
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [productId, setProductId] = useState('');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  useEffect(() => {
    siteLocations(null, projectId).then(
      (p) => setLocations(p.items),
      () => setLocations([]),
    );
    loadProducts().then(setItems, () => setItems([]));
    if (kind === 'receive') receivableOrders(projectId).then(setOrders, () => setOrders([]));
  }, [projectId, kind]);
  useEffect(() => {
    if (!orderId) return setLines([]);
    orderLines(orderId).then(
      (l) => {
        setLines(l);
        setPicks(Object.fromEntries(l.map((line) => [line.lineNo, { productId: '', quantity: line.deliveredQuantity ?? line.quantity }])));
      },
      () => setLines([]),
    );
  }, [orderId]);
  const select = (label: string, value: string, set: (v: string) => void, choices: { id: string; name: string }[], testId: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      sx={{ minWidth: 180, maxWidth: '100%' }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      {choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
  const productChoices = items.map((i) => ({ id: i.id, name: `${i.code} · ${i.name}` }));
  const submit = async () => {
    const body: Record<string, unknown> =
      kind === 'receive'
        ? {
            kind,
            deliveryOrderId: orderId,
            toLocationId: to,
            lines: lines
              .filter((l) => picks[l.lineNo]?.productId)
              .map((l) => ({ orderLineNo: l.lineNo, productId: picks[l.lineNo]!.productId, quantity: picks[l.lineNo]!.quantity })),
          }
        : {
            kind,
            ...(kind === 'adjustment' ? { locationId: to } : {}),
            ...(kind === 'utilisation' || kind === 'transfer' ? { fromLocationId: from } : {}),
            ...(kind === 'transfer' ? { toLocationId: to } : {}),
            reason,
            lines: [{ productId, quantity }],
          };
    try {
      const done = await recordMovement(projectId, body);
      onRecorded(t('recorded', { number: done.movementNo }));
      setQuantity('');
      setReason('');
    } catch (error) {
      onRefused(refusal(error));
    }
  };
  return (
    <Box
      component="form"
      onSubmit={(e) => (e.preventDefault(), void submit())}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      data-testid="movement-form"
    >
      {kind === 'receive' &&
        select(
          t('form.order'),
          orderId,
          setOrderId,
          orders.map((o) => ({ id: o.id, name: `${o.documentNo} · ${o.title}` })),
          'form-order',
        )}
      {(kind === 'utilisation' || kind === 'transfer') && select(t('form.from'), from, setFrom, locations, 'form-from')}
      {kind !== 'utilisation' && select(kind === 'adjustment' ? t('form.location') : t('form.to'), to, setTo, locations, 'form-to')}
      {kind === 'receive' ? (
        lines.map((line) => (
          <Box key={line.lineNo} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flexBasis: '100%' }}>
            <Typography
              sx={{ flexBasis: '100%' }}
            >{`${line.lineNo}. ${line.description} (${line.deliveredQuantity ?? line.quantity} ${line.unit})`}</Typography>
            {select(
              t('form.productFor', { line: line.lineNo }),
              picks[line.lineNo]?.productId ?? '',
              (v) => setPicks((p) => ({ ...p, [line.lineNo]: { ...p[line.lineNo]!, productId: v } })),
              productChoices,
              `form-product-${line.lineNo}`,
            )}
            <TextField
              size="small"
              label={t('form.quantityFor', { line: line.lineNo })}
              value={picks[line.lineNo]?.quantity ?? ''}
              onChange={(e) => setPicks((p) => ({ ...p, [line.lineNo]: { ...p[line.lineNo]!, quantity: e.target.value } }))}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `form-quantity-${line.lineNo}` } }}
            />
          </Box>
        ))
      ) : (
        <>
          {select(t('form.product'), productId, setProductId, productChoices, 'form-product')}
          <TextField
            size="small"
            label={t('form.quantity')}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'form-quantity' } }}
          />
          {kind !== 'transfer' && (
            <TextField
              size="small"
              label={t('form.reason')}
              required={kind === 'adjustment'}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'form-reason' } }}
            />
          )}
        </>
      )}
      <Button type="submit" variant="contained" data-testid="form-record">
        {t(`form.record.${kind}`)}
      </Button>
    </Box>
  );
}
