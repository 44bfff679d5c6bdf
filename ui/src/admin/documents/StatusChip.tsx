import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import { statusWithRoundLabel } from '../catalogue/labels.js';

const COLOURS: Record<string, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  accepted: 'success', approved: 'success', confirmed: 'success', fulfilled: 'success', contractAwarded: 'success', active: 'success', closed: 'default',
  rejected: 'error', cancelled: 'error', draftContractRejected: 'error',
};

/** `awaitingLevel`: the verify level an open approval round waits for (the label then says so); the colour stays the status's. */
export function StatusChip({ resource, status, awaitingLevel = null }: { resource: string; status: string; awaitingLevel?: number | null }) {
  const translate = useTranslate();
  const colour = COLOURS[status] ?? (status.startsWith('pending') ? 'warning' : 'info');
  return <Chip size="small" color={colour} label={statusWithRoundLabel(translate, resource, status, awaitingLevel)} data-testid="status-chip" data-status={status} data-awaiting-level={awaitingLevel ?? undefined} />;
}
