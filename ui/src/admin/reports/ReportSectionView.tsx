// One section of a report: its heading (an anchor the home dashboard's key figures link to), its chart, its
// table, a note when the table shows only the largest rows, and its CSV export. An empty section says so in a
// line and draws no empty chart.
import { useTranslate } from 'react-admin';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { REPORT_SECTION_MAX_ROWS, type ReportSection } from '@binaan/contracts';
import { ReportChart } from './ReportChart.js';
import { sectionTitle } from './report-format.js';
import { ReportTable } from './ReportTable.js';

export const sectionAnchor = (key: string) => `section-${key}`;

type Props = { section: ReportSection; onExport: () => void; exporting: boolean };

export function ReportSectionView({ section, onExport, exporting }: Props) {
  const translate = useTranslate();
  const title = sectionTitle(translate, section.key);
  const headingId = `${sectionAnchor(section.key)}-heading`;
  const empty = section.rows.length === 0;
  return (
    <Paper
      component="section"
      variant="outlined"
      id={sectionAnchor(section.key)}
      aria-labelledby={headingId}
      data-testid="report-section"
      data-section={section.key}
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, minWidth: 0, scrollMarginTop: 72, '@media print': { border: 'none', p: 0, breakInside: 'auto' } }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {title}
        </Typography>
        {!empty && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<FileDownloadIcon />}
            onClick={onExport}
            disabled={exporting}
            className="report-no-print"
            aria-label={translate('reports.exportCsvOf', { section: title })}
            data-testid="report-export-csv"
          >
            {translate('reports.exportCsv')}
          </Button>
        )}
      </Stack>
      {empty ? (
        <Typography color="text.secondary" data-testid="report-empty">
          {translate('reports.empty')}
        </Typography>
      ) : (
        <>
          {section.chart && <ReportChart section={section} chart={section.chart} />}
          <ReportTable section={section} caption={title} />
          {section.more && (
            <Box sx={{ mt: 1 }}>
              <Typography variant="body2" color="text.secondary" data-testid="report-more">
                {translate('reports.more', { count: REPORT_SECTION_MAX_ROWS })}
              </Typography>
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}
