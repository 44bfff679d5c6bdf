// A BQ scan's status (reading, pendingReview, imported, failed, discarded), coloured as the document chips are.
import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import type { BqScanStatus } from './bq-scans.js';

const COLOURS: Record<BqScanStatus, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  reading: 'info',
  pendingReview: 'warning',
  imported: 'success',
  failed: 'error',
  discarded: 'default',
};

export function ScanStatusChip({ status }: { status: BqScanStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLOURS[status] ?? 'default'}
      label={translate(`admin.bq.scans.status.${status}`, { _: status })}
      data-testid="bq-scan-status"
      data-status={status}
    />
  );
}
