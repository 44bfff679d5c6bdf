// A section's figures as an accessible table: a caption naming it, a header cell per column (scope="col") and
// each row's first cell as its header (scope="row"), so a screen reader says which row and column a figure
// belongs to. The table scrolls inside its own box on a narrow screen; the page never scrolls sideways.
import { useTranslate } from 'react-admin';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReportSection } from '@binaan/contracts';
import { formatCell, isNumeric } from './report-format.js';

export function ReportTable({ section, caption }: { section: ReportSection; caption: string }) {
  const translate = useTranslate();
  const { columns, rows } = section;
  return (
    // A focusable region only so a keyboard can scroll a table wider than the screen (axe: scrollable-region-focusable).
    <TableContainer tabIndex={0} role="region" aria-label={caption} sx={{ maxWidth: '100%', overflowX: 'auto', '@media print': { overflow: 'visible' } }}>
      <Table size="small" data-testid="report-table" sx={{ '& caption': { captionSide: 'top', px: 0 } }}>
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} component="th" scope="col" align={isNumeric(column) ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                {translate(`reports.columns.${column.key}`, { _: column.key })}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index} sx={{ '@media print': { breakInside: 'avoid' } }}>
              {columns.map((column, at) => {
                const text = formatCell(translate, column, row[column.key] ?? null, row, columns);
                const align = isNumeric(column) ? 'right' : 'left';
                return at === 0
                  ? <TableCell key={column.key} component="th" scope="row" align={align} sx={{ fontWeight: 400 }}>{text}</TableCell>
                  : <TableCell key={column.key} align={align} sx={{ whiteSpace: isNumeric(column) ? 'nowrap' : undefined }}>{text}</TableCell>;
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
