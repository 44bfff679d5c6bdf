// A fixed-window limit per caller address for the public calls, measured on the app's clock: lookups
// (verification, participant detail, PDF, transaction hash) and registrations have separate budgets
// (certificates.config.ts: 600 and 30 a minute unless configured). A
// caller over budget gets 429 tooManyRequests with Retry-After, and nothing is read or written. In-memory
// per instance: behind a load balancer each instance limits on its own, which bounds the total too.
import { HttpException } from '@nestjs/common';
import { ErrorCodes } from '@binaan/contracts';

export type RateBudget = { limit: number; windowMs: number };

const MAX_CALLERS = 100_000;

export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; used: number }>();
  constructor(private readonly budget: RateBudget) {}

  /** Seconds to wait, or 0 when the call may go ahead (and is counted). */
  take(caller: string, now: number): number {
    let window = this.windows.get(caller);
    if (!window || now - window.start >= this.budget.windowMs) {
      if (this.windows.size >= MAX_CALLERS) this.sweep(now);
      window = { start: now, used: 0 };
      this.windows.set(caller, window);
    }
    if (window.used >= this.budget.limit) return Math.max(1, Math.ceil((window.start + this.budget.windowMs - now) / 1000));
    window.used += 1;
    return 0;
  }

  private sweep(now: number): void {
    for (const [caller, window] of this.windows) if (now - window.start >= this.budget.windowMs) this.windows.delete(caller);
    if (this.windows.size >= MAX_CALLERS) this.windows.clear();
  }
}

/** 429 with the seconds to wait (the reply filter keeps `retryAfter`; the controller sets the header). */
export function tooManyRequests(seconds: number): HttpException {
  return new HttpException({ errorCode: ErrorCodes.tooManyRequests, errorMessage: `Too many requests: try again in ${seconds} s.`, extra: { retryAfter: seconds } }, 429);
}
