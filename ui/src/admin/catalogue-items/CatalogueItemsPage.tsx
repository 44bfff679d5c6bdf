// /administration/catalogue-items: the company's catalogue (signed-in-area.md §2.5 "catalogue (products,
// trades)"). One status at a time, a kind filter, a search by name or code, 25 a page, flat, the total as the
// api counts it (up to its cap, then "10,000+"). A row opens the item: its form, retire or restore with a
// reason, and its history. Adding needs the catalogue's update right; the api refuses anyone else.
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  CATALOGUE_ITEM_KINDS,
  hasAnyAccessRight,
  type CatalogueItemKind,
  type CatalogueItemRow,
  type CatalogueItemStatus,
} from '@binaan/contracts';
import { useSession } from '../../shared/session/session-store.js';
import { formatMoney } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { CATALOGUE_PAGE, cataloguePage, type CataloguePage, type CatalogueQuery } from './catalogue-items-api.js';
import { CatalogueItemDialog } from './CatalogueItemDialog.js';

const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

export function CatalogueItemsPage() {
  const translate = useTranslate();
  const session = useSession();
  const canChange = hasAnyAccessRight(session?.accessRights ?? '', 'administration.catalogue.update');
  const [q, setQ] = useState('');
  const [query, setQuery] = useState<CatalogueQuery>({ q: '', kind: '', status: 'active', page: 0, sort: 'name' });
  const [reply, setReply] = useState<CataloguePage | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [open, setOpen] = useState<CatalogueItemRow | 'new' | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setQuery((old) => (old.q === q ? old : { ...old, q, page: 0 })), 300);
    return () => clearTimeout(timer);
  }, [q]);
  useEffect(() => {
    let current = true;
    setReply(null);
    cataloguePage(query).then(
      (r) => current && (setReply(r), setFailed(null)),
      (error: unknown) => current && setFailed(errorCodeOf(error)),
    );
    return () => {
      current = false;
    };
  }, [query, reload]);

  const title = translate('admin.catalogueItems.title');
  const total = (count: number) => (reply?.capped ? `${count.toLocaleString('en')}+` : count.toLocaleString('en'));
  const closed = (changed: boolean) => {
    setOpen(null);
    if (changed) setReload((n) => n + 1);
  };
  return (
    <Card sx={{ mt: 2 }} data-testid="catalogue-items">
      <Title title={title} />
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {canChange && (
            <Button variant="contained" onClick={() => setOpen('new')} data-testid="catalogue-add">
              {translate('admin.catalogueItems.add')}
            </Button>
          )}
        </Stack>
        <Typography sx={{ mb: 2 }}>{translate('admin.catalogueItems.intro')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            type="search"
            label={translate('admin.catalogueItems.search')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            sx={{ width: { xs: '100%', sm: 320 } }}
            slotProps={{ htmlInput: { 'data-testid': 'catalogue-search', maxLength: 100 } }}
          />
          <TextField
            select
            label={translate('admin.catalogueItems.fields.kind')}
            value={query.kind}
            onChange={(e) => setQuery({ ...query, kind: e.target.value as CatalogueItemKind | '', page: 0 })}
            sx={{ width: { xs: '100%', sm: 180 } }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'catalogue-kind' } }}
          >
            <option value="">{translate('admin.catalogueItems.allKinds')}</option>
            {CATALOGUE_ITEM_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {translate(`admin.catalogueItems.kind.${kind}`)}
              </option>
            ))}
          </TextField>
          <TextField
            select
            label={translate('admin.catalogueItems.fields.status')}
            value={query.status}
            onChange={(e) => setQuery({ ...query, status: e.target.value as CatalogueItemStatus, page: 0 })}
            sx={{ width: { xs: '100%', sm: 160 } }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'catalogue-status' } }}
          >
            {(['active', 'retired'] as const).map((status) => (
              <option key={status} value={status}>
                {translate(`admin.catalogueItems.status.${status}`)}
              </option>
            ))}
          </TextField>
          <TextField
            select
            label={translate('admin.catalogueItems.sort')}
            value={query.sort}
            onChange={(e) => setQuery({ ...query, sort: e.target.value as CatalogueQuery['sort'], page: 0 })}
            sx={{ width: { xs: '100%', sm: 180 } }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {(['name', 'code', 'updatedAt'] as const).map((sort) => (
              <option key={sort} value={sort}>
                {translate(`admin.catalogueItems.fields.${sort}`)}
              </option>
            ))}
          </TextField>
        </Stack>
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {!failed && !reply && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {reply && reply.rows.length === 0 && (
          <Typography color="text.secondary" data-testid="catalogue-empty">
            {translate('admin.catalogueItems.empty')}
          </Typography>
        )}
        {reply && reply.rows.length > 0 && (
          <>
            <TableContainer tabIndex={0} role="region" aria-label={title}>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('admin.catalogueItems.fields.name')}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{translate('admin.catalogueItems.fields.code')}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{translate('admin.catalogueItems.fields.kind')}</TableCell>
                    <TableCell>{translate('admin.catalogueItems.fields.unit')}</TableCell>
                    <TableCell align="right">{translate('admin.catalogueItems.fields.unitPrice')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {reply.rows.map((row) => (
                    <TableRow key={row.id} data-testid="catalogue-row" data-id={row.id}>
                      <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
                        <Link
                          component="button"
                          type="button"
                          onClick={() => setOpen(row)}
                          sx={{ textAlign: 'left' }}
                          data-testid="catalogue-open"
                        >
                          {row.name}
                        </Link>
                      </TableCell>
                      <TableCell sx={WIDE_ONLY}>{row.code}</TableCell>
                      <TableCell sx={WIDE_ONLY}>{translate(`admin.catalogueItems.kind.${row.kind}`)}</TableCell>
                      <TableCell>{row.unit}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {row.unitPrice ? formatMoney(row.unitPrice) : ''}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {reply.capped && (
              <Typography variant="body2" role="status" sx={{ pt: 1 }}>
                {translate('admin.catalogueItems.capped', { cap: reply.total.toLocaleString('en') })}
              </Typography>
            )}
            <TablePagination
              component="div"
              count={reply.total}
              page={query.page}
              rowsPerPage={CATALOGUE_PAGE}
              rowsPerPageOptions={[CATALOGUE_PAGE]}
              onPageChange={(_e, page) => setQuery({ ...query, page })}
              labelDisplayedRows={({ from, to, count }) => translate('admin.catalogueItems.range', { from, to, total: total(count) })}
              getItemAriaLabel={(type) =>
                translate(
                  type === 'next'
                    ? 'ra.navigation.next'
                    : type === 'previous'
                      ? 'ra.navigation.previous'
                      : type === 'first'
                        ? 'ra.navigation.first'
                        : 'ra.navigation.last',
                )
              }
            />
          </>
        )}
      </CardContent>
      {open && <CatalogueItemDialog item={open === 'new' ? null : open} canChange={canChange} onClose={closed} />}
    </Card>
  );
}
