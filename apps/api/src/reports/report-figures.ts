// Small figures shared by sections: the months a window touches, a percent as the reports write it, and the
// SQL that names the Malaysian month of an instant (Malaysia keeps UTC+8 all year, so no zone table is needed).

/** Every month ("YYYY-MM") from the month of `from` to the month of `to` (YYYY-MM-DD), in order. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (;;) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    months.push(current);
    if (current >= last) return months;
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
}

/** part / whole x 100 to one decimal, half up ("62.5"); null when whole is 0 (no rate of nothing). */
export function percentOf(part: number, whole: number): string | null {
  if (whole === 0) return null;
  const tenths = Math.floor((part * 2000) / whole + 1) >> 1;
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** SQL: the Malaysian month ("YYYY-MM") of a timestamptz expression. */
export const malaysianMonthSql = (instant: string) => `to_char((${instant} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM')`;
