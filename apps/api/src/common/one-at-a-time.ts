// Work that must not overlap per key, in this process: a BQ's changes (bq-loader.ts), a company's §9
// invitation count and the append it allows (tendering/allowance). Each piece runs after every earlier one
// of its key, in the order they came, whether those succeeded or failed; a key with nothing waiting holds
// no memory.
export class OneAtATime {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    // `before` never rejects (a tail swallows its work's failure: that is the caller's to hear).
    const run = before.then(work);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return run;
  }
}
