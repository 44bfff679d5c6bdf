import cliProgress from 'cli-progress';

/** A progress bar on a terminal; on a pipe or in CI, a progress line every few seconds. */
export function progressBar(label: string): { update(done: number, total: number): void; stop(): void } {
  if (!process.stderr.isTTY) {
    let last = Date.now();
    return {
      update(done, total) {
        if (Date.now() - last < 3000) return;
        last = Date.now();
        process.stderr.write(`${label}: ${done}/${total}\n`);
      },
      stop: () => undefined,
    };
  }
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] {percentage}% | {value}/{total} | {eta_formatted} left`, stream: process.stderr, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total) {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.setTotal(total);
      bar.update(done);
    },
    stop: () => started && bar.stop(),
  };
}
