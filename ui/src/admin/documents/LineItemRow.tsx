// One line item as a table row (no., description, unit, quantity, rate, amount), the same on the document
// page and the contractor pages' bills of quantity.
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Link, TableCell, TableRow } from '@mui/material';
import type { DocumentView } from '@binaan/contracts';
import { formatMoney, formatQuantity } from '../format.js';

const FIGURE = { whiteSpace: 'nowrap' } as const;

/** `bqHref`: a tender line made from a bill of quantity row links to that row. */
/** `priced`: false for a tender without an estimate, whose lines show no rate or amount (DocumentDetails). */
export function LineItemRow({
  item,
  currency,
  bqHref,
  priced = true,
}: {
  item: DocumentView['items'][number];
  currency: string;
  bqHref?: string | undefined;
  priced?: boolean;
}) {
  const translate = useTranslate();
  return (
    <TableRow>
      <TableCell>{item.lineNo}</TableCell>
      {/* The description wraps in a column wide enough for a few words a line; the figures never wrap (a
          phone broke "RM 12,345.00" over three lines), so a narrow screen scrolls the table instead. */}
      <TableCell sx={{ minWidth: 160 }}>
        {item.description}
        {bqHref && (
          <>
            {' '}
            <Link
              component={RouterLink}
              to={bqHref}
              variant="body2"
              aria-label={translate('admin.bqTender.openRowLabel', { line: item.lineNo })}
              data-testid="line-bq-row"
              sx={{ whiteSpace: 'nowrap' }}
            >
              {translate('admin.bqTender.openRow')}
            </Link>
          </>
        )}
      </TableCell>
      <TableCell>{item.unit}</TableCell>
      <TableCell align="right" sx={FIGURE}>
        {formatQuantity(item.quantity)}
      </TableCell>
      {priced && (
        <TableCell align="right" sx={FIGURE}>
          {formatMoney(item.rate, currency)}
        </TableCell>
      )}
      {priced && (
        <TableCell align="right" sx={FIGURE}>
          {formatMoney(item.amount, currency)}
        </TableCell>
      )}
    </TableRow>
  );
}
