// The tender page's comparison tab (buyer): once the tender is closed, the sheet with a summary of each
// seller above it; before the close, what the server says (sealed). Loaded page by page on the line number.
import { useEffect, useId, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { formatMoney } from '../../format.js';
import { errorCodeOf } from '../../providers/admin-request.js';
import { downloadFile, XLSX_TYPE } from '../../providers/download-file.js';
import { useFileDownload } from '../../providers/use-file-download.js';
import { ComparisonGrid } from './ComparisonGrid.js';
import { loadSheet, percentText, type ComparisonSheet } from './comparison-model.js';

export function ComparisonTab({ tenderId, revision }: { tenderId: string; revision: number }) {
  const translate = useTranslate();
  const legendId = useId();
  const [sheet, setSheet] = useState<ComparisonSheet | { error: string } | null>(null);

  useEffect(() => {
    let live = true;
    setSheet(null);
    loadSheet(tenderId).then(
      (s) => live && setSheet(s),
      (e: unknown) => live && setSheet({ error: errorCodeOf(e) }),
    );
    return () => {
      live = false;
    };
  }, [tenderId, revision]);

  if (sheet === null) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if ('error' in sheet) {
    return (
      <Alert severity={sheet.error === 'tenderSealed' ? 'info' : 'error'} data-testid="cmp-refused">
        {translate(`error.${sheet.error}`, { _: translate('error.unknownError') })}
      </Alert>
    );
  }
  if (sheet.sellers.length === 0)
    return (
      <Alert severity="info" data-testid="cmp-empty">
        {translate('admin.tenderComparison.noQuotations')}
      </Alert>
    );
  const best = [...sheet.sellers].sort((a, b) => a.rank - b.rank)[0]!;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" data-testid="cmp-summary">
          {translate('admin.tenderComparison.summary', {
            sellers: sheet.sellers.length,
            lines: sheet.lines,
            estimate: formatMoney(sheet.estimate.total),
            best: best.sellerName ?? best.sellerCompanyId,
            total: formatMoney(best.total),
            deviation: percentText(best.deviation),
          })}
        </Typography>
        <ExportButton tenderId={tenderId} />
      </Box>
      {sheet.notQuoted.length > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="cmp-not-quoted">
          {translate('admin.tenderComparison.notQuoted', {
            names: sheet.notQuoted.map((s) => s.sellerName ?? s.sellerCompanyId).join(', '),
          })}
        </Typography>
      )}
      <Typography id={legendId} variant="body2" color="text.secondary">
        {translate('admin.tenderComparison.legend')}
      </Typography>
      <Box aria-describedby={legendId} sx={{ minWidth: 0 }}>
        <ComparisonGrid sheet={sheet} label={translate('admin.tenderComparison.gridLabel', { documentNo: sheet.documentNo })} />
      </Box>
    </Box>
  );
}

/** The whole sheet as .xlsx, its labels in the language the buyer reads the page in (the api writes it). */
function ExportButton({ tenderId }: { tenderId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { saving, save } = useFileDownload();
  const path = `/api/tendering/tenders/${encodeURIComponent(tenderId)}/comparison/export?lang=${encodeURIComponent(locale)}`;
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<FileDownloadIcon />}
      onClick={() => void save(() => downloadFile(path, XLSX_TYPE, 'comparison.xlsx'))}
      disabled={saving}
      data-testid="cmp-export"
    >
      {translate('admin.tenderComparison.export')}
    </Button>
  );
}
