// The ranking: each seller with its total, price, technical and combined scores and whether it is on the
// shortlist; inside its own scroller so a phone's page never scrolls sideways.
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { formatMoney } from '../../format.js';
import type { Analysis, AnalysisSeller } from './analysis-model.js';

export function RankingTable({ analysis, select }: { analysis: Analysis; select?: (seller: AnalysisSeller) => ReactNode }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`admin.tenderAnalysis.column.${key}`);
  const sellers = [...analysis.sellers].sort((a, b) => a.rank - b.rank);
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={translate('admin.tenderAnalysis.ranking')}
      sx={{ maxWidth: '100%', overflowX: 'auto' }}
    >
      <Table size="small" data-testid="analysis-ranking">
        <TableHead>
          <TableRow>
            {select && <TableCell>{t('pick')}</TableCell>}
            <TableCell>{t('rank')}</TableCell>
            <TableCell>{t('seller')}</TableCell>
            <TableCell align="right">{t('total')}</TableCell>
            <TableCell align="right">{t('price')}</TableCell>
            <TableCell align="right">{t('technical')}</TableCell>
            <TableCell align="right">{t('score')}</TableCell>
            <TableCell>{t('shortlisted')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sellers.map((s) => (
            <TableRow key={s.sellerCompanyId} data-testid="analysis-row" data-seller={s.sellerCompanyId}>
              {select && <TableCell padding="checkbox">{select(s)}</TableCell>}
              <TableCell>{s.rank}</TableCell>
              <TableCell>{s.sellerName ?? s.sellerCompanyId}</TableCell>
              <TableCell align="right">{formatMoney(s.total)}</TableCell>
              <TableCell align="right">{s.priceScore}</TableCell>
              <TableCell align="right">{s.technicalScore ?? '–'}</TableCell>
              <TableCell align="right" data-testid="analysis-score">
                {s.score ?? '–'}
              </TableCell>
              <TableCell>{s.shortlisted ? translate('admin.tenderAnalysis.yes') : ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
