import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import { statusWithRoundLabel } from '../catalogue/labels.js';

const COLOURS: Record<string, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  accepted: 'success',
  approved: 'success',
  confirmed: 'success',
  fulfilled: 'success',
  contractAwarded: 'success',
  active: 'success',
  closed: 'default',
  rejected: 'error',
  cancelled: 'error',
  draftContractRejected: 'error',
};

/**
 * `awaitingLevel`: the verify level an open approval round waits for (the label then says so); the colour stays the status's.
 * `wrap`: on a phone a long label ("New, awaiting verify level 1") takes two lines rather than widening a list's column.
 */
export function StatusChip({
  resource,
  status,
  awaitingLevel = null,
  wrap = false,
}: {
  resource: string;
  status: string;
  awaitingLevel?: number | null;
  wrap?: boolean;
}) {
  const translate = useTranslate();
  const colour = COLOURS[status] ?? (status.startsWith('pending') ? 'warning' : 'info');
  // keep-all: Chinese breaks only at its spaces and punctuation ("新建，等待第 / 1 / 级审核"), not after every character.
  const sx = wrap
    ? { height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: { xs: 'normal', sm: 'nowrap' }, wordBreak: 'keep-all' } }
    : undefined;
  return (
    <Chip
      size="small"
      color={colour}
      sx={sx}
      label={statusWithRoundLabel(translate, resource, status, awaitingLevel)}
      data-testid="status-chip"
      data-status={status}
      data-awaiting-level={awaitingLevel ?? undefined}
    />
  );
}
