// Start-up steps that take a while (opening and migrating the store, seeding the demo) say what they do,
// and every 4 s that they are still at it (so no silence reaches 5 s): a newcomer never stares at a silent terminal wondering whether
// it hung (the demo seed alone takes about half a minute on a small machine).

const TICK_MS = 4000;

export type Progress = {
  /** Announces a step ("Seeding demo data: documents") and makes it the one the ticker names. */
  step(message: string): void;
};

/** Runs `work`, printing `label` now and "still ..." every 4 s until it ends. */
export async function withProgress<T>(
  label: string,
  work: (progress: Progress) => Promise<T>,
  print: (line: string) => void = console.log,
): Promise<T> {
  const started = Date.now();
  let current = label;
  print(`${label}...`);
  // Under npm start the parent process ticks instead (start.mjs): PGlite's SQL runs on this thread and can
  // hold this timer back for many seconds.
  const ticker =
    process.env.BINAAN_PROGRESS_BY_PARENT === '1'
      ? undefined
      : setInterval(
          () => print(`  still ${current.charAt(0).toLowerCase()}${current.slice(1)} (${Math.round((Date.now() - started) / 1000)} s)`),
          TICK_MS,
        );
  ticker?.unref();
  try {
    return await work({
      step(message) {
        current = message;
        print(`  ${message}`);
      },
    });
  } finally {
    clearInterval(ticker);
  }
}
