// /admin/advertisements: the platform administrator's advertisements (signed-in-area.md §2.5 admin module,
// §3 "advertisement: name, start and end dates, image 16:9"). Newest first, 25 a page: the title, the days
// shown (with a small preview of the image), the status and whether the landing page shows it now; a new one, an edit, publish and withdraw.
import { useCallback, useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { AdvertisementRow } from '@binaan/contracts';
import { formatDate } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { AdvertisementDialog } from './AdvertisementDialog.js';
import { AdvertisementPreview } from './AdvertisementPreview.js';
import { ADVERTISEMENTS_PAGE, listAdvertisements, type AdvertisementsPage as Page } from './advertisements-api.js';
import { TurnAdvertisementDialog } from './TurnAdvertisementDialog.js';

const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;
const STATUS_COLOUR = { draft: 'default', published: 'success', withdrawn: 'warning' } as const;

export function AdvertisementsPage() {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [reply, setReply] = useState<Page | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ editing: AdvertisementRow | null } | null>(null);
  const [turn, setTurn] = useState<{ ad: AdvertisementRow; action: 'Publish' | 'Withdraw' } | null>(null);
  const [loads, setLoads] = useState(0);
  const reload = useCallback(() => setLoads((n) => n + 1), []);

  useEffect(() => {
    let current = true;
    listAdvertisements(page).then(
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
  }, [page, loads]);

  const title = translate('admin.menu.advertisements');
  return (
    <Card sx={{ mt: 2 }} data-testid="advertisements">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate('platform.advertisements.intro')}</Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ editing: null })}
          sx={{ mb: 2 }}
          data-testid="advertisement-new"
        >
          {translate('platform.advertisements.new')}
        </Button>
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {!failed && !reply && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {reply && reply.rows.length === 0 && (
          <Typography color="text.secondary" data-testid="advertisements-empty">
            {translate('platform.advertisements.empty')}
          </Typography>
        )}
        {reply && reply.rows.length > 0 && (
          <>
            <TableContainer tabIndex={0} role="region" aria-label={title}>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('platform.advertisements.fields.title')}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{translate('platform.advertisements.columns.shown')}</TableCell>
                    <TableCell>{translate('platform.advertisements.columns.status')}</TableCell>
                    <TableCell>{translate('platform.advertisements.columns.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {reply.rows.map((row) => (
                    <TableRow key={row.id} data-testid="advertisement-row" data-status={row.status}>
                      <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
                        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
                            <AdvertisementPreview id={row.id} revision={row.revision} />
                          </Box>
                          <Box>
                            {row.title}
                            {row.linkUrl && (
                              <Typography
                                variant="body2"
                                color="text.secondary"
                                sx={{ overflowWrap: 'anywhere', display: { xs: 'none', md: 'block' } }}
                              >
                                {row.linkUrl}
                              </Typography>
                            )}
                          </Box>
                        </Stack>
                      </TableCell>
                      <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                        {formatDate(row.validFrom)} – {formatDate(row.validTo)}
                      </TableCell>
                      <TableCell>
                        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                          <Chip
                            size="small"
                            variant="outlined"
                            color={STATUS_COLOUR[row.status]}
                            label={translate(`platform.advertisements.statuses.${row.status}`)}
                          />
                          {row.current && (
                            <Typography variant="body2" data-testid="advertisement-current">
                              {translate('platform.advertisements.current')}
                            </Typography>
                          )}
                        </Stack>
                      </TableCell>
                      <TableCell>
                        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                          <Button
                            size="small"
                            onClick={() => setDialog({ editing: row })}
                            aria-label={translate('platform.advertisements.editOf', { title: row.title })}
                          >
                            {translate('platform.advertisements.edit')}
                          </Button>
                          {row.status === 'published' ? (
                            <Button
                              size="small"
                              color="error"
                              onClick={() => setTurn({ ad: row, action: 'Withdraw' })}
                              aria-label={translate('platform.advertisements.withdrawOf', { title: row.title })}
                              data-testid="advertisement-withdraw"
                            >
                              {translate('platform.advertisements.withdraw')}
                            </Button>
                          ) : (
                            <Button
                              size="small"
                              onClick={() => setTurn({ ad: row, action: 'Publish' })}
                              aria-label={translate('platform.advertisements.publishOf', { title: row.title })}
                              data-testid="advertisement-publish"
                            >
                              {translate('platform.advertisements.publish')}
                            </Button>
                          )}
                        </Stack>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              count={reply.total}
              page={page}
              rowsPerPage={ADVERTISEMENTS_PAGE}
              rowsPerPageOptions={[ADVERTISEMENTS_PAGE]}
              onPageChange={(_e, next) => setPage(next)}
              labelDisplayedRows={({ from, to, count }) =>
                translate('platform.emailLog.range', {
                  from,
                  to,
                  total: reply.capped ? `${count.toLocaleString('en')}+` : count.toLocaleString('en'),
                })
              }
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
      <AdvertisementDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          reload();
        }}
      />
      <TurnAdvertisementDialog
        target={turn}
        onClose={() => setTurn(null)}
        onDone={() => {
          setTurn(null);
          reload();
        }}
      />
    </Card>
  );
}
