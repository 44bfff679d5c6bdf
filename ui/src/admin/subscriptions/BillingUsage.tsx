// What a billing record is for, as its row says it: the package ordered, or a month's transaction fees
// (a usage bill) with the documents charged, each with its fee and the value it was charged on.
import { useLocaleState, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { packageName } from './ConfigurationPage.js';
import { rateText, senText } from './sen.js';
import type { Billing } from './subscriptions-api.js';

/** '2026-11' as the reader's month name ("November 2026"). */
const monthText = (period: string | null, locale: string) =>
  period
    ? new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${period}-01T00:00:00Z`))
    : '';

/** The row's subject in the reader's language: the package's name, or "Transaction fees 1.5%, November 2026". */
export function useBillingSubject(): (row: Billing) => string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (row) =>
    row.kind !== 'usage'
      ? packageName(translate, row.packageId ?? '')
      : translate('subscriptions.usage.subject', {
          rate: rateText(row.feeRate),
          month: monthText(row.period, locale === 'zh' ? 'zh-MY' : `${locale}-MY`),
        });
}

/** A usage bill's documents; nothing for a package's bill. */
export function BillingUsageLines({ row }: { row: Billing }) {
  const translate = useTranslate();
  if (row.kind !== 'usage' || row.lines.length === 0) return null;
  return (
    <Box sx={{ flexBasis: '100%' }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {translate('subscriptions.usage.lines')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid="billing-usage-lines">
        {row.lines.map((line) => (
          <Typography component="li" variant="body2" key={line.documentId} sx={{ overflowWrap: 'anywhere' }}>
            {translate('subscriptions.usage.line', {
              kind: translate(`subscriptions.usage.kinds.${line.documentKind}`, { _: line.documentKind }),
              number: line.documentNo,
              fee: senText(line.fee),
              base: senText(line.base),
            })}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
