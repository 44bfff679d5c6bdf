// The development clock (DEV_CLOCK=on; never in production, see dev-clock.module.ts): the API's clock (CLOCK:
// every decision and every recorded event) is the machine's time plus an offset that only grows, so a browser
// walk reaches a tender's open and close times (§5.3: at least 5 minutes ahead) without waiting for them, and
// the tender close job, which reads the same clock on its own timer, closes the tender by itself.

/** At most this far in one move: a walk needs minutes; a typo of a year would end every session. */
export const DEV_CLOCK_MAX_MOVE_MS = 24 * 60 * 60_000;

export class MovableClock {
  private offset = 0;

  /** The time as the API sees it (a function, so it can be handed on as the app's Clock). */
  readonly now = (): Date => new Date(Date.now() + this.offset);

  get offsetMs(): number {
    return this.offset;
  }

  /**
   * Moves the clock forward by `ms` (a whole number of milliseconds, above 0, at most DEV_CLOCK_MAX_MOVE_MS).
   * Never back: the store records events in time order, and a past close time must stay past.
   */
  advance(ms: number): Date {
    if (!Number.isInteger(ms) || ms <= 0 || ms > DEV_CLOCK_MAX_MOVE_MS)
      throw new RangeError(`a move forward of 1 to ${DEV_CLOCK_MAX_MOVE_MS} ms, not ${ms}`);
    this.offset += ms;
    return this.now();
  }
}
