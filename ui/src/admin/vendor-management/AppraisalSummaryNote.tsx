// One line of what the company's own appraisals say of a vendor (count, average, latest), where a vendor is picked
// or viewed. Brings its texts (the vendors namespace) itself, so the pages that show it load them only when needed.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import i18next from 'i18next';
import { Typography, type TypographyProps } from '@mui/material';
import type { VendorAppraisalSummary } from '@binaan/contracts';
import { formatDate } from '../../shared/i18n/dates.js';

export function useVendorTexts(): boolean {
  const [ready, setReady] = useState(i18next.hasLoadedNamespace('vendors'));
  useEffect(() => {
    if (!ready) void i18next.loadNamespaces(['vendors']).then(() => setReady(true));
  }, [ready]);
  return ready;
}

export function summaryText(
  translate: (key: string, options?: Record<string, unknown>) => string,
  summary: VendorAppraisalSummary,
): string {
  if (summary.count === 0 || !summary.latest) return translate('vendors.summary.none');
  return translate('vendors.summary.line', {
    count: summary.count,
    smart_count: summary.count,
    average: summary.average,
    latest: summary.latest.scorePercent,
    date: formatDate(summary.latest.appraisedAt),
  });
}

export function AppraisalSummaryNote({ summary, ...props }: { summary: VendorAppraisalSummary | undefined } & TypographyProps) {
  const translate = useTranslate();
  const ready = useVendorTexts();
  if (!ready || !summary) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="appraisal-summary" {...props}>
      {summaryText(translate, summary)}
    </Typography>
  );
}
