// The plan on a timeline: a CSS grid of the BQ's rows, each with a bar from its planned start to its end
// and its percent complete filled in. Each bar says in words what it shows (the table view has the same).
import { useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import type { ProgressEntryView } from '@binaan/contracts';
import { timelineOf } from './timeline.js';

export const isoDay = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '-');
const monthLabel = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export function ProgressTimeline({ entries }: { entries: readonly ProgressEntryView[] }) {
  const translate = useTranslate();
  const timeline = timelineOf(entries, monthLabel);
  if (!timeline) return <Typography sx={{ my: 1 }}>{translate('admin.progress.unplanned')}</Typography>;
  return (
    <Box
      role="region"
      aria-label={translate('admin.progress.timelineLabel')}
      tabIndex={0}
      sx={{ overflowX: 'auto', my: 1 }}
      data-testid="progress-timeline"
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '9rem minmax(28rem, 1fr)', sm: '16rem minmax(28rem, 1fr)' },
          rowGap: 0.5,
          alignItems: 'center',
        }}
      >
        <Box />
        <Box aria-hidden sx={{ position: 'relative', height: 24, borderBottom: 1, borderColor: 'divider' }}>
          {timeline.months.map((month) => (
            <Typography
              key={month.label}
              variant="caption"
              sx={{ position: 'absolute', left: `${month.left}%`, pl: 0.5, borderLeft: 1, borderColor: 'divider', whiteSpace: 'nowrap' }}
            >
              {month.label}
            </Typography>
          ))}
        </Box>
        {entries.map((entry, index) => {
          const bar = timeline.bars[index];
          const percent = Number(entry.percentComplete ?? 0);
          return [
            <Typography
              key={`${entry.nodeId}-t`}
              variant="body2"
              noWrap
              title={entry.title}
              sx={{ pl: entry.depth * 1.5, fontWeight: entry.type === 'header' ? 600 : 400 }}
            >
              {entry.title}
            </Typography>,
            <Box key={`${entry.nodeId}-b`} sx={{ position: 'relative', height: 22 }}>
              {bar ? (
                <Box
                  role="img"
                  data-testid="progress-bar"
                  aria-label={translate('admin.progress.bar', {
                    title: entry.title,
                    start: isoDay(entry.plannedStart ?? entry.plannedEnd),
                    end: isoDay(entry.plannedEnd ?? entry.plannedStart),
                    percent: percent.toString(),
                  })}
                  sx={{
                    position: 'absolute',
                    left: `${bar.left}%`,
                    width: `max(${bar.width}%, 4px)`,
                    top: 3,
                    height: 16,
                    borderRadius: 1,
                    bgcolor: entry.type === 'header' ? '#0b2c4d' : '#1565c0',
                    overflow: 'hidden',
                  }}
                >
                  <Box sx={{ width: `${Math.min(percent, 100)}%`, height: '100%', bgcolor: '#2e7d32' }} />
                </Box>
              ) : (
                <Typography variant="caption" color="text.secondary">
                  {translate('admin.progress.unplanned')}
                </Typography>
              )}
            </Box>,
          ];
        })}
      </Box>
    </Box>
  );
}
