// The printed table: each measure with its value, its target and PASS/MISS, the plain event-store append
// rate beside them, and the load of the (shared) machine before and after.

export type Row = { measure: string; value: string; target: string; pass: boolean | null };

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const rate = (value: number, unit: string) => `${value.toFixed(0)} ${unit}/s`;

export function printTable(rows: readonly Row[]): void {
  const cells = rows.map((row) => [row.measure, row.value, row.target, row.pass === null ? '' : row.pass ? 'PASS' : 'MISS']);
  const header = ['measure', 'value', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: readonly string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}
