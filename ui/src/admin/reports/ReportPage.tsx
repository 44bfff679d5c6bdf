// Every report's page (buyer, seller, developer, the platform's, login activity): drawn from the api's reply
// (GET /api/reports/<report>), a section after another, so a report the api adds needs its words, not a page.
// The filters live in the URL (a report can be linked, reloaded and printed as shown); the api's refusal of a
// window or an "as of" time shows as its message. Printing is the browser's own (report-print.tsx says why).
import { useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import PrintIcon from '@mui/icons-material/Print';
import type { ReportName, ReportReply } from '@binaan/contracts';
import { formatDate, formatDateTime } from '../format.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { CSV_TYPE, downloadFile, XLSX_TYPE } from '../providers/download-file.js';
import { ReportFilterBar } from './ReportFilterBar.js';
import { ReportPrintStyles } from './report-print.js';
import { queryFromSearch, localToday, reportPath, searchOfQuery, type ReportQuery } from './report-query.js';
import { ReportSectionView } from './ReportSectionView.js';

type Loaded = { path: string; reply?: ReportReply; refusal?: string };

function useReport(path: string): Loaded | null {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let live = true;
    adminJson<ReportReply>(path).then(
      (reply) => live && setLoaded({ path, reply }),
      (error: unknown) => live && setLoaded({ path, refusal: errorCodeOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [path]);
  // A reply to an older query is not shown as the new one's.
  return loaded?.path === path ? loaded : null;
}

export function ReportPage({ report }: { report: ReportName }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [search, setSearch] = useSearchParams();
  const query = queryFromSearch(search, localToday(), report);
  const loaded = useReport(reportPath(report, query));
  const [exporting, setExporting] = useState<string | null>(null);
  const title = translate(`reports.names.${report}`);

  const apply = (next: ReportQuery) => setSearch(searchOfQuery(next));
  const save = (what: string, path: string, accept: string, fallback: string) => {
    setExporting(what);
    downloadFile(path, accept, fallback)
      .then(
        (name) => notify('reports.saved', { type: 'info', messageArgs: { name } }),
        (error: unknown) => notify(`error.${errorCodeOf(error)}`, { type: 'error' }),
      )
      .finally(() => setExporting(null));
  };
  const reply = loaded?.reply;
  // A link to a section (the home page's key figures: #section-<key>) lands on it once the report is drawn.
  const { hash } = useLocation();
  useEffect(() => {
    if (reply && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [reply, hash]);
  const shown = reply?.filters ?? query;

  return (
    <Box sx={{ py: 2, px: { xs: 0, sm: 1 }, minWidth: 0 }} data-testid="report-page" data-report={report}>
      <ReportPrintStyles />
      <Title title={title} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Stack direction="row" spacing={1} className="report-no-print" useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<FileDownloadIcon />}
            disabled={!reply || exporting !== null}
            data-testid="report-export-xlsx"
            onClick={() => save('xlsx', reportPath(report, query, 'xlsx'), XLSX_TYPE, `${report}-report.xlsx`)}
          >
            {translate('reports.exportXlsx')}
          </Button>
          <Button variant="outlined" startIcon={<PrintIcon />} disabled={!reply} onClick={() => window.print()} data-testid="report-print">
            {translate('reports.print')}
          </Button>
        </Stack>
      </Stack>
      <Typography data-testid="report-window">
        {translate('reports.window', { from: formatDate(shown.from), to: formatDate(shown.to) })}
      </Typography>
      <Typography sx={{ mb: 2, fontWeight: 600 }} data-testid="report-as-of">
        {query.asOf ? translate('reports.asOf', { time: formatDateTime(reply?.asOf ?? query.asOf) }) : translate('reports.asOfNow')}
      </Typography>
      {/* Remounted per query: the bar shows what the URL says (a link followed, the browser's back). */}
      <ReportFilterBar key={search.toString()} report={report} query={query} onApply={apply} />
      {!loaded && <LinearProgress aria-label={translate('reports.loading')} />}
      {loaded?.refusal && (
        <Alert severity="error" role="alert" data-testid="report-server-refusal">
          {translate(`error.${loaded.refusal}`)}
        </Alert>
      )}
      {reply && reply.sections.length === 0 && <Typography color="text.secondary">{translate('reports.empty')}</Typography>}
      {reply?.sections.map((section) => (
        <ReportSectionView
          key={section.key}
          section={section}
          exporting={exporting !== null}
          onExport={() => save(section.key, reportPath(report, query, 'csv', section.key), CSV_TYPE, `${report}-${section.key}.csv`)}
        />
      ))}
    </Box>
  );
}
