// Search contractor (§2.4): the company directory (GET /api/company/directory: approved companies, public
// fields only), searched by name or registration number, paged by 10. Every type of company is listed, since a
// contractor hiring for trade and services may look for a supplier or a consultant too; CIDB contractors carry a
// mark so they stand out.
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import {
  Alert,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { SubscriptionType, type CompanyDirectoryItem } from '@binaan/contracts';
import { adminRequest, errorCodeOf } from '../providers/admin-request.js';

const PAGE = 10;

/** `directory 0-9/42` -> 42 (ra-data-simple-rest's Content-Range). */
export function totalOf(contentRange: string | null): number {
  const total = Number(/\/(\d+)$/.exec(contentRange ?? '')?.[1]);
  return Number.isFinite(total) ? total : 0;
}

export function SearchContractorPage({ pageKey }: { pageKey: string }) {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [result, setResult] = useState<{ rows: CompanyDirectoryItem[]; total: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Typing waits a little before asking, so each key press is not a call.
    const timer = setTimeout(() => {
      const query = new URLSearchParams({
        filter: JSON.stringify(q.trim() ? { q: q.trim() } : {}),
        range: JSON.stringify([page * PAGE, page * PAGE + PAGE - 1]),
        sort: JSON.stringify(['name', 'ASC']),
      });
      adminRequest<CompanyDirectoryItem[]>(`/api/company/directory?${query.toString()}`).then(
        (reply) => live && (setResult({ rows: reply.json, total: totalOf(reply.headers.get('Content-Range')) }), setFailed(null)),
        (error) => live && setFailed(errorCodeOf(error)),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q, page]);
  return (
    <Card sx={{ mt: 2 }} data-testid="search-contractor">
      <Title title={translate(`admin.menu.${pageKey}`)} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(`admin.menu.${pageKey}`)}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {translate(`contractor.intro.${pageKey}`)}
        </Typography>
        <TextField
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(0);
          }}
          label={translate('ra.action.search')}
          placeholder={translate('contractor.search.placeholder')}
          size="small"
          sx={{ my: 1, width: 360 }}
          slotProps={{ htmlInput: { 'data-testid': 'directory-search' } }}
        />
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {!result && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {result && result.rows.length === 0 && (
          <Alert severity="info">{translate('ra.navigation.no_results', { name: translate('admin.menu.contractor').toLowerCase() })}</Alert>
        )}
        {result && result.rows.length > 0 && (
          <>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('contractor.columns.company')}</TableCell>
                  <TableCell>{translate('contractor.columns.registrationNo')}</TableCell>
                  <TableCell>{translate('contractor.columns.type')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.rows.map((c) => (
                  <TableRow key={c.id} data-testid="directory-row">
                    <TableCell>{c.name}</TableCell>
                    <TableCell>{c.registrationNo}</TableCell>
                    <TableCell>
                      {c.subscriptionType === SubscriptionType.CidbContractor ? (
                        <Chip size="small" color="primary" label={translate('contractor.search.cidb')} />
                      ) : (
                        translate(`contractor.search.types.${c.subscriptionType}`, { _: '-' })
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <TablePagination
              component="div"
              count={result.total}
              page={page}
              rowsPerPage={PAGE}
              rowsPerPageOptions={[PAGE]}
              onPageChange={(_e, next) => setPage(next)}
              labelDisplayedRows={({ from, to, count }) =>
                translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
              }
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
