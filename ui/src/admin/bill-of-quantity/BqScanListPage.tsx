// The BQ scan list (spec §2.5 "bill of quantity with OCR scan import, computer only", §2.6 target
// /project/{projectId}/bill-of-quantity-scan-list, §5.3 "OCR scanning is allowed on a computer only"):
// upload a scanned page (PNG, JPEG or PDF) from a computer, the project's scans newest first with their
// status, who uploaded them and when, a page at a time; the scan chosen (?scan=<id>) is reviewed below.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { currentDevice, type Device } from '../../shared/api/device.js';
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { BQ_SCAN_STATUSES, listScans, SCAN_PAGE, uploadScan, type BqScanStatus, type ScanPage } from './bq-scans.js';
import { BqScanReview } from './BqScanReview.js';
import { ScanStatusChip } from './ScanStatusChip.js';

/** Scrolls sideways inside the page: width 0 and at least the page's, so a wide table never widens the page itself; positioned, so what is hidden for screen readers in it is clipped with it. */
const SCROLLS = { overflowX: 'auto', width: 0, minWidth: '100%', position: 'relative' } as const;

/** The device now, followed as the window changes size (a tablet turned, a window narrowed). */
function useDevice(): Device {
  const [device, setDevice] = useState<Device>(() => currentDevice());
  useEffect(() => {
    const update = () => setDevice(currentDevice());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return device;
}

export function BqScanListPage({
  projectId,
  members = [],
}: {
  projectId: string;
  members?: readonly { userId: string; name: string | null }[];
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const device = useDevice();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('scan');
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<BqScanStatus | null>(null);
  const [list, setList] = useState<ScanPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const names = new Map(members.map((m) => [m.userId, m.name ?? m.userId]));

  const load = useCallback(async () => {
    try {
      setList(await listScans(projectId, page, status));
      setError(null);
    } catch (e) {
      setError(errorCodeOf(e));
    }
  }, [projectId, page, status]);
  useEffect(() => void load(), [load]);
  // While a scan is being read the list is asked for again, so its status moves on by itself.
  useEffect(() => {
    if (!list?.rows.some((r) => r.status === 'reading')) return;
    const timer = setTimeout(() => void load(), 2500);
    return () => clearTimeout(timer);
  }, [list, load]);

  const choose = (scanId: string | null) => setParams(scanId ? { scan: scanId } : {}, { replace: false });

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const reply = await uploadScan(projectId, file);
      notify('admin.bq.scans.uploaded', { type: 'info', messageArgs: { file: file.name } });
      setPage(0);
      setStatus(null);
      choose(reply.id);
      await load();
    } catch (e) {
      notify(`error.${errorCodeOf(e)}`, { type: 'error' });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  const computer = device === 'computer';
  return (
    <Box data-testid="bq-scan-list-page" data-device={device}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {translate('admin.bq.scans.title')}
        </Typography>
        <Button
          size="small"
          startIcon={<ArrowBackIcon />}
          component={RouterLink}
          to={`/project/${encodeURIComponent(projectId)}/bill-of-quantity`}
          data-testid="bq-scans-back"
        >
          {translate('admin.bq.scans.back')}
        </Button>
      </Stack>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography sx={{ mb: 1 }}>{translate('admin.bq.scans.intro')}</Typography>
          {computer ? (
            <Button variant="contained" component="label" startIcon={<UploadFileIcon />} disabled={uploading} data-testid="bq-scan-upload">
              {translate(uploading ? 'admin.bq.scans.uploading' : 'admin.bq.scans.upload')}
              <input
                ref={input}
                hidden
                type="file"
                accept="image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf"
                data-testid="bq-scan-file"
                onChange={(e) => void upload(e.target.files?.[0])}
              />
            </Button>
          ) : (
            <Alert severity="info" data-testid="bq-scan-computer-only">
              {translate('error.bqScanComputerOnly')} {translate('admin.bq.scans.computerOnly')}
            </Alert>
          )}
        </CardContent>
      </Card>

      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <TextField
          select
          size="small"
          fullWidth={false}
          label={translate('admin.bq.scans.filter')}
          value={status ?? ''}
          sx={{ width: { xs: '100%', sm: 240 } }}
          onChange={(e) => {
            setStatus((e.target.value || null) as BqScanStatus | null);
            setPage(0);
          }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'bq-scan-filter' } }}
        >
          <MenuItem value="">{translate('admin.bq.scans.all')}</MenuItem>
          {BQ_SCAN_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`admin.bq.scans.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {error && (
        <Alert severity="warning" data-testid="bq-scan-list-error">
          {translate(`error.${error}`, { _: translate('error.unknownError') })}
        </Alert>
      )}
      {list && list.rows.length === 0 && (
        <Typography color="text.secondary" data-testid="bq-scan-list-empty">
          {translate('admin.bq.scans.empty')}
        </Typography>
      )}
      {list && list.rows.length > 0 && (
        <Card variant="outlined" sx={{ mb: 2 }}>
          <Box sx={SCROLLS} tabIndex={0} role="region" aria-label={translate('admin.bq.scans.title')}>
            <Table size="small" aria-label={translate('admin.bq.scans.title')} sx={{ minWidth: 640 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('admin.bq.scans.file')}</TableCell>
                  <TableCell>{translate('admin.bq.scans.statusLabel')}</TableCell>
                  <TableCell align="right">{translate('admin.bq.scans.rows')}</TableCell>
                  <TableCell>{translate('admin.bq.scans.uploadedBy')}</TableCell>
                  <TableCell>{translate('admin.bq.scans.uploadedAt')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.rows.map((r) => (
                  <TableRow
                    key={r.id}
                    hover
                    selected={r.id === chosen}
                    sx={{ cursor: 'pointer' }}
                    onClick={() => choose(r.id)}
                    data-testid="bq-scan-list-row"
                    data-status={r.status}
                    data-scan={r.id}
                  >
                    <TableCell sx={{ wordBreak: 'break-word', minWidth: 160 }}>
                      {/* The row opens on a click; the file name is its link, so the keyboard reaches it too. */}
                      <Link
                        component={RouterLink}
                        to={`?scan=${encodeURIComponent(r.id)}`}
                        onClick={(e) => e.stopPropagation()}
                        data-testid="bq-scan-open"
                        aria-current={r.id === chosen ? 'true' : undefined}
                      >
                        {r.fileName}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <ScanStatusChip status={r.status} />
                    </TableCell>
                    <TableCell align="right">
                      {r.status === 'reading'
                        ? ''
                        : r.rowsWithProblems > 0
                          ? translate('admin.bq.scans.rowsWithProblems', { rows: r.rows, problems: r.rowsWithProblems })
                          : r.rows}
                    </TableCell>
                    <TableCell>{names.get(r.uploadedBy) ?? translate('admin.bq.scans.someone')}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.uploadedAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {(list.total > SCAN_PAGE || page > 0) && (
            <TablePagination
              component="div"
              count={list.total}
              page={page}
              rowsPerPage={SCAN_PAGE}
              rowsPerPageOptions={[]}
              onPageChange={(_e, next) => setPage(next)}
              labelDisplayedRows={({ from, to, count }) =>
                translate(list.capped ? 'admin.bq.scans.shownCapped' : 'admin.bq.scans.shown', { from, to, count })
              }
              getItemAriaLabel={(type) => translate(`admin.bq.scans.${type}Page`)}
              data-testid="bq-scan-pages"
            />
          )}
        </Card>
      )}
      {chosen && <BqScanReview key={chosen} projectId={projectId} scanId={chosen} onChanged={() => void load()} />}
    </Box>
  );
}
