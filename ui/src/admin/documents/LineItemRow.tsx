// One line item as a table row (no., description, unit, quantity, rate, amount), the same on the document
// page and the contractor pages' bills of quantity.
import { TableCell, TableRow } from '@mui/material';
import type { DocumentView } from '@binaan/contracts';
import { formatMoney, formatQuantity } from '../format.js';

export function LineItemRow({ item, currency }: { item: DocumentView['items'][number]; currency: string }) {
  return (
    <TableRow>
      <TableCell>{item.lineNo}</TableCell><TableCell>{item.description}</TableCell><TableCell>{item.unit}</TableCell>
      <TableCell align="right">{formatQuantity(item.quantity)}</TableCell><TableCell align="right">{formatMoney(item.rate, currency)}</TableCell>
      <TableCell align="right">{formatMoney(item.amount, currency)}</TableCell>
    </TableRow>
  );
}
