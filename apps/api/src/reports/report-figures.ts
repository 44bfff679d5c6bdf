// The months a window touches, for sections that give a row to every month (zeros included), so a chart
// keeps its axis whatever happened.

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
