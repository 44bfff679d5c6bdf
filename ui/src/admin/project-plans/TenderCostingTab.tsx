// Tender costing (§2.5, §2.6 /project/<id>/tender-costing): the project's BQ priced from its
// build-ups, per item the cost from the build-up's lines, the profit and the price, totals per BQ tab and
// for the tender; then the build-ups themselves (the build-up master as it prices this BQ). Read only.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatQuantity } from '../format.js';
import { ScrollRegion } from '../projects/ScrollRegion.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { plainMoney } from './use-plan.js';
import { buildUpSums, costingOf, formatSen, type BqRead, type CostingTab as Tab } from './costing.js';

const money = (value: bigint | null) => (value === null ? '-' : plainMoney(formatSen(value)));
const COLUMNS = ['item', 'code', 'quantity', 'costRate', 'cost', 'profit', 'price'] as const;

function TabTable({ tab }: { tab: Tab }) {
  const translate = useTranslate();
  const label = translate('admin.costing.tabLabel', { tab: tab.name });
  return (
    <Box component="section" aria-label={label} sx={{ mt: 2 }} data-testid="costing-tab" data-name={tab.name}>
      <Typography variant="subtitle1" component="h3">
        {tab.name}
      </Typography>
      <ScrollRegion label={label}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c} align={c === 'item' || c === 'code' ? 'left' : 'right'}>
                  {translate(`admin.costing.columns.${c}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {tab.rows.map((row) => (
              <TableRow key={row.id} data-testid="costing-row" data-title={row.title}>
                <TableCell sx={{ pl: 2 + row.depth * 2, fontWeight: row.type === 'header' ? 600 : 400, minWidth: 160 }}>
                  {row.title}
                </TableCell>
                <TableCell>{row.code ?? ''}</TableCell>
                <TableCell align="right">{row.quantity ? formatQuantity(row.quantity) : ''}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {row.costRate ? plainMoney(row.costRate) : ''}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-col="cost">
                  {money(row.cost)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-col="profit">
                  {money(row.profit)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-col="price">
                  {money(row.price)}
                </TableCell>
              </TableRow>
            ))}
            <TableRow data-testid="costing-tab-total">
              <TableCell colSpan={4} sx={{ fontWeight: 600 }}>
                {translate('admin.costing.tabTotal', { tab: tab.name })}
              </TableCell>
              {[tab.cost, tab.profit, tab.price].map((value, i) => (
                <TableCell key={i} align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {money(value)}
                </TableCell>
              ))}
            </TableRow>
          </TableBody>
        </Table>
      </ScrollRegion>
    </Box>
  );
}

export function TenderCostingTab({ projectId }: { projectId: string }) {
  const translate = useTranslate();
  const [bq, setBq] = useState<BqRead | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    adminJson<BqRead>(`/api/bill-of-quantity/${encodeURIComponent(projectId)}`).then(setBq, (error: unknown) =>
      setFailed(errorCodeOf(error)),
    );
  }, [projectId]);
  if (failed) return <Alert severity="warning">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>;
  if (!bq) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  const costing = costingOf(bq);
  return (
    <Box data-testid="costing-page">
      <Typography variant="h6" component="h2">
        {translate('admin.costing.title')}
      </Typography>
      <Typography color="text.secondary">{translate('admin.costing.intro')}</Typography>
      {bq.nodes.length === 0 ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('admin.costing.none')}
        </Alert>
      ) : (
        <>
          {costing.tabs.map((tab) => (
            <TabTable key={tab.id} tab={tab} />
          ))}
          <Table size="small" sx={{ mt: 2, maxWidth: 520 }} aria-label={translate('admin.costing.total')} data-testid="costing-total">
            <TableBody>
              {(['cost', 'profit', 'price'] as const).map((c) => (
                <TableRow key={c}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {translate(`admin.costing.columns.${c}`)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }} data-col={c}>
                    {money(costing[c])}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
      {bq.buildUps.length > 0 && (
        <Box component="section" aria-labelledby="costing-buildups" sx={{ mt: 3 }}>
          <Typography id="costing-buildups" variant="subtitle1" component="h3">
            {translate('admin.costing.buildUps')}
          </Typography>
          <Box component="ul" sx={{ pl: 2, my: 1 }}>
            {bq.buildUps.map((buildUp) => {
              const sums = buildUpSums(buildUp);
              return (
                <li key={buildUp.code} data-testid="costing-buildup">
                  <strong>{buildUp.code}</strong> {buildUp.description}:{' '}
                  {buildUp.totalSub !== null
                    ? translate('admin.costing.totalSub', { amount: plainMoney(buildUp.totalSub) })
                    : translate('admin.costing.buildUpLines', {
                        labour: formatSen(sums.labour),
                        material: formatSen(sums.material),
                        plant: formatSen(sums.plant),
                      })}
                  {', '}
                  {translate('admin.costing.profitPercent', { percent: Number(buildUp.profitPercent).toString() })}
                </li>
              );
            })}
          </Box>
        </Box>
      )}
    </Box>
  );
}
