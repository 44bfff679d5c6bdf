import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import { statusLabel } from '../catalogue/labels.js';

const COLOURS: Record<string, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  accepted: 'success', approved: 'success', confirmed: 'success', fulfilled: 'success', contractAwarded: 'success', active: 'success', closed: 'default',
  rejected: 'error', cancelled: 'error', draftContractRejected: 'error',
};

export function StatusChip({ resource, status }: { resource: string; status: string }) {
  const translate = useTranslate();
  const colour = COLOURS[status] ?? (status.startsWith('pending') ? 'warning' : 'info');
  return <Chip size="small" color={colour} label={statusLabel(translate, resource, status)} data-testid="status-chip" data-status={status} />;
}
