// A section's figures as an accessible table: a caption naming it, a header cell per column (scope="col") and
// each row's first cell as its header (scope="row"), so a screen reader says which row and column a figure
// belongs to. The table scrolls inside its own box on a narrow screen; the page never scrolls sideways.
import { useTranslate } from 'react-admin';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReportSection } from '@binaan/contracts';
import { columnTitle, formatCell, isNumeric } from './report-format.js';

/** Read by a screen reader, not drawn (MUI's visually hidden style). */
const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

export function ReportTable({ section, caption }: { section: ReportSection; caption: string }) {
  const translate = useTranslate();
  const { columns, rows } = section;
  return (
    // A focusable region only so a keyboard can scroll a table wider than the screen (axe: scrollable-region-focusable).
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={caption}
      sx={{ maxWidth: '100%', overflowX: 'auto', '@media print': { overflow: 'visible' } }}
    >
      <Table size="small" data-testid="report-table">
        {/* Named for a screen reader; the section's heading already names it on screen. */}
        <Box component="caption" sx={VISUALLY_HIDDEN}>
          {caption}
        </Box>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} component="th" scope="col" align={isNumeric(column) ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                {columnTitle(translate, column.key)}
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
                return at === 0 ? (
                  <TableCell key={column.key} component="th" scope="row" align={align} sx={{ fontWeight: 400 }}>
                    {text}
                  </TableCell>
                ) : (
                  <TableCell key={column.key} align={align} sx={{ whiteSpace: isNumeric(column) ? 'nowrap' : undefined }}>
                    {text}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
