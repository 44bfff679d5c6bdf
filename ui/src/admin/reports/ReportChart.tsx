// A section's chart (contracts' ReportChart) drawn with @mui/x-charts: bars to compare amounts across labels
// (stacked when the series are parts of a whole), a line for figures over months or days, a pie for the
// shares of one whole (its first series only). The chart is a figure named by its caption; the table below it
// holds the same figures for a screen reader and the keyboard, so the drawing itself is left out of the
// accessibility tree (and the chart's own keyboard walk is off: a focus stop inside a hidden drawing would
// announce nothing). Animations are off: a printed page and a reader who asked for less motion get the end state.
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { ReportChart as Chart, ReportSection } from '@binaan/contracts';
import { cellNumber, columnTitle, formatCell, sectionTitle } from './report-format.js';

const HEIGHT = 260;
/** The value axis in short figures ("150K", "1.2M"): a full "RM 150,000.00" on every tick would be cut. */
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const VALUE_AXIS = [{ valueFormatter: (value: number) => compact.format(value), width: 48 }];
/** Room at the right for the last label of a line (a point axis puts it on the edge). */
const MARGIN = { right: 36 };

export function ReportChart({ section, chart }: { section: ReportSection; chart: Chart }) {
  const translate = useTranslate();
  const captionId = useId();
  const xColumn = section.columns.find((c) => c.key === chart.x);
  const seriesColumns = chart.series.map((key) => section.columns.find((c) => c.key === key)).filter((c) => c !== undefined);
  if (!xColumn || seriesColumns.length === 0) return null;
  const labels = section.rows.map((row) => formatCell(translate, xColumn, row[xColumn.key] ?? null, row, section.columns));
  const series = seriesColumns.map((column) => ({
    label: columnTitle(translate, column.key),
    data: section.rows.map((row) => cellNumber(row[column.key] ?? null)),
    // The tooltip reads as the table does ("RM 1,234.50", "62.5%").
    valueFormatter: (value: number | null) => (value === null ? null : formatCell(translate, column, value)),
    ...(chart.stacked ? { stack: 'total' } : {}),
  }));
  const title = translate('reports.chartOf', { section: sectionTitle(translate, section.key) });
  const pieColumn = seriesColumns[0]!;
  return (
    <Box
      component="figure"
      aria-labelledby={captionId}
      sx={{ m: 0, mb: 2, '@media print': { breakInside: 'avoid' } }}
      data-testid="report-chart"
    >
      <Box aria-hidden sx={{ width: '100%', height: HEIGHT }}>
        {chart.type === 'pie' ? (
          <PieChart
            height={HEIGHT}
            skipAnimation
            disableKeyboardNavigation
            series={[
              {
                data: section.rows.map((row, index) => ({
                  id: index,
                  value: cellNumber(row[pieColumn.key] ?? null) ?? 0,
                  label: labels[index] ?? '',
                })),
                valueFormatter: (item) => formatCell(translate, pieColumn, item.value),
                innerRadius: 40,
              },
            ]}
          />
        ) : chart.type === 'line' ? (
          // Straight lines between the points: a smoothed curve would draw figures between months that never were.
          <LineChart
            height={HEIGHT}
            skipAnimation
            disableKeyboardNavigation
            margin={MARGIN}
            xAxis={[{ scaleType: 'point', data: labels }]}
            yAxis={VALUE_AXIS}
            series={series.map((s) => ({ ...s, curve: 'linear' as const, ...(chart.stacked ? { area: true } : {}) }))}
          />
        ) : (
          <BarChart
            height={HEIGHT}
            skipAnimation
            disableKeyboardNavigation
            margin={MARGIN}
            xAxis={[{ scaleType: 'band', data: labels }]}
            yAxis={VALUE_AXIS}
            series={series}
          />
        )}
      </Box>
      <Typography component="figcaption" id={captionId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {title}
      </Typography>
    </Box>
  );
}
