// The contractor's budget (§2.4): per project, from GET document-totals (budget.ts says what counts where).
// On a desktop a table, a project a row. On a phone (eight columns of amounts do not fit 375 px) each project is
// a block of its own, its amounts as label and value one under the other, as a banking app shows an account.
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Card,
  CardContent,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { DocumentTotalsRow } from '@binaan/contracts';
import { formatMoney } from '../format.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { BUDGET_COLUMNS, budgetLines, type BudgetLine } from './budget.js';

export function BudgetPage({ pageKey }: { pageKey: string }) {
  const translate = useTranslate();
  const [rows, setRows] = useState<DocumentTotalsRow[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    adminJson<{ data: DocumentTotalsRow[] }>('/api/document-totals').then(
      (reply) => setRows(reply.data),
      (error) => setFailed(errorCodeOf(error)),
    );
  }, []);
  // By the name the totals carry: the company's own projects and a sender's (work orders received), which it cannot open.
  const named = new Map((rows ?? []).map((row) => [row.projectId, row.projectName]));
  const projectName = (id: string | null) => (id ? (named.get(id) ?? id) : translate('contractor.columns.noProject'));
  const { lines, total } = budgetLines(rows ?? []);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const title = translate(`admin.menu.${pageKey}`);
  const cells = (line: BudgetLine, strong = false) =>
    BUDGET_COLUMNS.map((c) => (
      <TableCell key={c} align="right" data-column={c} sx={{ whiteSpace: 'nowrap', ...(strong ? { fontWeight: 600 } : {}) }}>
        {formatMoney(line[c])}
      </TableCell>
    ));
  return (
    <Card sx={{ mt: 2 }} data-testid="contractor-budget">
      <Title title={translate(`admin.menu.${pageKey}`)} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(`admin.menu.${pageKey}`)}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {translate(`contractor.intro.${pageKey}`)}
        </Typography>
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {!rows && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {rows && lines.length === 0 && (
          <Alert severity="info" data-testid="budget-none">
            {translate('contractor.budget.none')}
          </Alert>
        )}
        {rows && lines.length > 0 && phone && (
          <Box component="ul" aria-label={title} data-testid="budget-phone" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
            {lines.map((line) => (
              <BudgetBlock key={line.projectId ?? 'none'} testId="budget-line" name={projectName(line.projectId)} line={line} />
            ))}
            <BudgetBlock testId="budget-total" name={translate('contractor.budget.allProjects')} line={total} />
          </Box>
        )}
        {rows && lines.length > 0 && !phone && (
          // Focusable, so a keyboard can scroll it where the window is narrower than the table (axe: scrollable-region-focusable).
          <TableContainer tabIndex={0} role="region" aria-label={title} sx={{ mt: 1 }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('contractor.columns.project')}</TableCell>
                  <TableCell align="right">{translate('contractor.columns.documents')}</TableCell>
                  {BUDGET_COLUMNS.map((c) => (
                    <TableCell key={c} align="right">
                      {translate(`contractor.budget.${c}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.map((line) => (
                  <TableRow key={line.projectId ?? 'none'} data-testid="budget-line">
                    <TableCell>{projectName(line.projectId)}</TableCell>
                    <TableCell align="right">{line.documents}</TableCell>
                    {cells(line)}
                  </TableRow>
                ))}
                <TableRow data-testid="budget-total">
                  <TableCell sx={{ fontWeight: 600 }}>{translate('contractor.budget.allProjects')}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {total.documents}
                  </TableCell>
                  {cells(total, true)}
                </TableRow>
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate('contractor.budget.help')}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** One project's line on a phone: its name, then each amount under its label (a description list). */
function BudgetBlock({ name, line, testId }: { name: string; line: BudgetLine; testId: string }) {
  const translate = useTranslate();
  const pairs: [string, string, string | number][] = [
    ['documents', translate('contractor.columns.documents'), line.documents],
    ...BUDGET_COLUMNS.map((c): [string, string, string] => [c, translate(`contractor.budget.${c}`), formatMoney(line[c])]),
  ];
  return (
    <Box component="li" data-testid={testId} sx={{ borderBottom: 1, borderColor: 'divider', py: 1.5 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {pairs.map(([key, label, value]) => (
          <Box key={key} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" data-column={key} sx={{ m: 0, textAlign: 'right', whiteSpace: 'nowrap' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
