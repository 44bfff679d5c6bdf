// The contractor's budget (§2.4): per project, from GET document-totals (budget.ts says what counts where).
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Alert, Card, CardContent, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { DocumentTotalsRow } from '@binaan/contracts';
import { formatMoney } from '../format.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { BUDGET_COLUMNS, budgetLines, type BudgetLine } from './budget.js';

export function BudgetPage({ pageKey }: { pageKey: string }) {
  const translate = useTranslate();
  const [rows, setRows] = useState<DocumentTotalsRow[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    adminJson<{ data: DocumentTotalsRow[] }>('/api/document-totals').then((reply) => setRows(reply.data), (error) => setFailed(errorCodeOf(error)));
  }, []);
  // By the name the totals carry: the company's own projects and a sender's (work orders received), which it cannot open.
  const named = new Map((rows ?? []).map((row) => [row.projectId, row.projectName]));
  const projectName = (id: string | null) => (id ? (named.get(id) ?? id) : translate('contractor.columns.noProject'));
  const { lines, total } = budgetLines(rows ?? []);
  const cells = (line: BudgetLine, strong = false) => BUDGET_COLUMNS.map((c) => (
    <TableCell key={c} align="right" data-column={c} sx={{ whiteSpace: 'nowrap', ...(strong ? { fontWeight: 600 } : {}) }}>{formatMoney(line[c])}</TableCell>
  ));
  return (
    <Card sx={{ mt: 2 }} data-testid="contractor-budget">
      <Title title={translate(`admin.menu.${pageKey}`)} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>{translate(`admin.menu.${pageKey}`)}</Typography>
        <Typography color="text.secondary" gutterBottom>{translate(`contractor.intro.${pageKey}`)}</Typography>
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {!rows && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {rows && lines.length === 0 && <Alert severity="info" data-testid="budget-none">{translate('contractor.budget.none')}</Alert>}
        {rows && lines.length > 0 && (
          <Table size="small" sx={{ mt: 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('contractor.columns.project')}</TableCell>
                <TableCell align="right">{translate('contractor.columns.documents')}</TableCell>
                {BUDGET_COLUMNS.map((c) => <TableCell key={c} align="right">{translate(`contractor.budget.${c}`)}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.projectId ?? 'none'} data-testid="budget-line">
                  <TableCell>{projectName(line.projectId)}</TableCell><TableCell align="right">{line.documents}</TableCell>{cells(line)}
                </TableRow>
              ))}
              <TableRow data-testid="budget-total">
                <TableCell sx={{ fontWeight: 600 }}>{translate('contractor.budget.allProjects')}</TableCell><TableCell align="right" sx={{ fontWeight: 600 }}>{total.documents}</TableCell>{cells(total, true)}
              </TableRow>
            </TableBody>
          </Table>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>{translate('contractor.budget.help')}</Typography>
      </CardContent>
    </Card>
  );
}
