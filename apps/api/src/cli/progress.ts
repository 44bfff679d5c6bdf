import cliProgress from 'cli-progress';

/** Where progress goes: stderr, or (a command run inside a test's process) a buffer. */
export type ProgressStream = NodeJS.WritableStream & { isTTY?: boolean };

/** A progress bar on a terminal; on a pipe or in CI, a progress line every few seconds. */
export function progressBar(
  label: string,
  stream: ProgressStream = process.stderr,
): { update(done: number, total: number): void; stop(): void } {
  if (!stream.isTTY) {
    let last = Date.now();
    return {
      update(done, total) {
        if (Date.now() - last < 3000) return;
        last = Date.now();
        stream.write(`${label}: ${done}/${total}\n`);
      },
      stop: () => undefined,
    };
  }
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] {percentage}% | {value}/{total} | {eta_formatted} left`, stream, hideCursor: true },
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
