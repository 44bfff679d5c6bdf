// Timing: fixed-duration runs of concurrent writer loops, interleaved across contenders in rounds so
// that drift on the shared, noisy cores hits every contender alike.

/** One write: resolves to the number of events it wrote. */
export type Op = () => Promise<number>;

/** Makes the writer loops of one contender (one op per loop, each loop with its own streams). */
export type Subject = { name: string; loops: Op[] };

export type Rate = { name: string; ops: number; events: number; seconds: number; perRound: number[] };

export const eventsPerSecond = (rate: Rate): number => rate.events / rate.seconds;
export const opsPerSecond = (rate: Rate): number => rate.ops / rate.seconds;

/** Runs every loop until `ms` have passed (in-flight ops finish and count). */
export async function runFor(loops: readonly Op[], ms: number): Promise<{ ops: number; events: number; seconds: number }> {
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(ms) * 1_000_000n;
  let ops = 0;
  let events = 0;
  await Promise.all(
    loops.map(async (op) => {
      while (process.hrtime.bigint() < deadline) {
        // Awaited first, then added: `events += await op()` reads `events` before the await, so the loops running
        // beside this one lost their counts (8 writers counted about an eighth of their appends).
        const done = await op();
        events += done;
        ops++;
      }
    }),
  );
  return { ops, events, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

/**
 * Warm-up (not counted), then `rounds` rounds of `ms` each; in every round each subject runs once, in an
 * order that rotates between rounds. Rates are totals over the rounds; `perRound` shows the spread.
 */
export async function interleaved(
  subjects: readonly Subject[],
  options: { warmupMs: number; ms: number; rounds: number },
): Promise<Rate[]> {
  for (const subject of subjects) await runFor(subject.loops, options.warmupMs);
  const rates: Rate[] = subjects.map((s) => ({ name: s.name, ops: 0, events: 0, seconds: 0, perRound: [] }));
  for (let round = 0; round < options.rounds; round++) {
    for (let k = 0; k < subjects.length; k++) {
      const index = (k + round) % subjects.length;
      const result = await runFor(subjects[index]!.loops, options.ms);
      const rate = rates[index]!;
      rate.ops += result.ops;
      rate.events += result.events;
      rate.seconds += result.seconds;
      rate.perRound.push(result.events / result.seconds);
    }
  }
  return rates;
}

/**
 * The median over rounds of a's rate / b's rate in the same round. Subjects of one round run back to back,
 * so this ratio shrugs off load that other processes put on the shared cores better than ratio of totals.
 */
export function roundMedianRatio(a: Rate, b: Rate): number {
  const ratios = a.perRound.map((rate, i) => rate / b.perRound[i]!).sort((x, y) => x - y);
  const mid = Math.floor(ratios.length / 2);
  return ratios.length % 2 ? ratios[mid]! : (ratios[mid - 1]! + ratios[mid]!) / 2;
}

export async function seconds<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const start = process.hrtime.bigint();
  const result = await work();
  return { result, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

export const fmtInt = (n: number): string => Math.round(n).toLocaleString('en-US');
export const fmtSec = (s: number): string => `${s.toFixed(2)} s`;

export function fmtRate(rate: Rate, unit: 'ops' | 'events'): string {
  const value = unit === 'ops' ? opsPerSecond(rate) : eventsPerSecond(rate);
  const scale = unit === 'ops' ? rate.ops / rate.events : 1;
  const lo = Math.min(...rate.perRound) * scale;
  const hi = Math.max(...rate.perRound) * scale;
  return `${fmtInt(value)}/s (${fmtInt(lo)}..${fmtInt(hi)})`;
}

/** A fixed-width text table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}
