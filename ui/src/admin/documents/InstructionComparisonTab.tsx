// An instruction's comparison (§2.6 /instruction/{projectId}/comparison): what was instructed (its lines)
// beside the variation orders made from it, with their type, amount and status, so the issuer sees what the
// instruction has cost so far. The api lists the variation orders the reader may see (linkedVariations, the
// first 100 by number) and sums the issued ones over all of them (linkedVariationsSummary).
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Card, CardContent, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { DocumentView } from '@binaan/contracts';
import { formatMoney } from '../format.js';
import { ScrollRegion } from '../projects/ScrollRegion.js';
import { statusLabel } from '../catalogue/labels.js';

export function InstructionComparisonTab({ document }: { document: DocumentView }) {
  const translate = useTranslate();
  const variations = document.linkedVariations ?? [];
  const summary = document.linkedVariationsSummary;
  return (
    <Card variant="outlined" data-testid="instruction-comparison">
      <CardContent>
        <Typography variant="subtitle2" component="h2" gutterBottom>
          {translate('admin.variations.comparison.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('admin.variations.comparison.instructed', { count: document.items.length })}
        </Typography>
        {variations.length === 0 ? (
          <Typography variant="body2" data-testid="comparison-empty">
            {translate('admin.variations.comparison.none')}
          </Typography>
        ) : (
          <ScrollRegion label={translate('admin.variations.comparison.title')}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('admin.variations.comparison.number')}</TableCell>
                  <TableCell>{translate('admin.fields.title')}</TableCell>
                  <TableCell>{translate('admin.fields.variationType')}</TableCell>
                  <TableCell>{translate('admin.variations.comparison.status')}</TableCell>
                  <TableCell align="right">{translate('admin.variations.comparison.amount')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {variations.map((v) => (
                  <TableRow key={v.id}>
                    <TableCell>
                      <Link component={RouterLink} to={`/variationOrder/${encodeURIComponent(v.id)}/show`}>
                        {v.documentNo}
                      </Link>
                    </TableCell>
                    <TableCell>{v.title}</TableCell>
                    <TableCell>{v.variationType ? translate(`admin.variations.types.${v.variationType}`) : '-'}</TableCell>
                    <TableCell>{statusLabel(translate, 'variationOrder', v.status)}</TableCell>
                    <TableCell align="right">{formatMoney(v.amount, document.currency)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
        )}
        {summary && summary.count > variations.length && (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="comparison-shown">
            {translate('admin.variations.comparison.shown', { shown: variations.length, count: summary.count })}
          </Typography>
        )}
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 700 }} data-testid="comparison-issued-total">
          {translate('admin.variations.comparison.issuedTotal')}: {formatMoney(summary?.issuedTotal ?? '0.00', document.currency)}
        </Typography>
      </CardContent>
    </Card>
  );
}
