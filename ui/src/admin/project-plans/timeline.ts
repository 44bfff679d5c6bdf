// Where each planned row sits on the progress timeline: the plan's whole span (earliest start to latest
// end, whole months) and each bar's offset and width in percent of it. Dates are ISO days, counted in UTC.

const DAY = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;

export type TimelineRow = { plannedStart: string | null; plannedEnd: string | null };
export type Bar = { left: number; width: number } | null;
export type Timeline = { from: string; to: string; months: { label: string; left: number }[]; bars: Bar[] };

/** The span from the first of the earliest start's month to the end of the latest end's month; null when nothing is planned. */
export function timelineOf(rows: readonly TimelineRow[], monthLabel: (iso: string) => string): Timeline | null {
  const starts = rows
    .map((r) => r.plannedStart ?? r.plannedEnd)
    .filter((d): d is string => d !== null)
    .sort();
  const ends = rows
    .map((r) => r.plannedEnd ?? r.plannedStart)
    .filter((d): d is string => d !== null)
    .sort();
  if (starts.length === 0) return null;
  const from = `${starts[0]!.slice(0, 7)}-01`;
  const last = new Date(`${ends.at(-1)!.slice(0, 7)}-01T00:00:00Z`);
  last.setUTCMonth(last.getUTCMonth() + 1);
  const to = last.toISOString().slice(0, 10);
  const span = dayOf(to) - dayOf(from);
  const at = (iso: string) => ((dayOf(iso) - dayOf(from)) / span) * 100;
  const months: Timeline['months'] = [];
  for (const month = new Date(`${from}T00:00:00Z`); month.toISOString().slice(0, 10) < to; month.setUTCMonth(month.getUTCMonth() + 1)) {
    const iso = month.toISOString().slice(0, 10);
    months.push({ label: monthLabel(iso), left: at(iso) });
  }
  const bars = rows.map((row): Bar => {
    const start = row.plannedStart ?? row.plannedEnd;
    const end = row.plannedEnd ?? row.plannedStart;
    if (start === null || end === null) return null;
    // A bar covers its end day too: a one-day task is a day wide.
    return { left: at(start), width: ((dayOf(end) + 1 - dayOf(start)) / span) * 100 };
  });
  return { from, to, months, bars };
}
