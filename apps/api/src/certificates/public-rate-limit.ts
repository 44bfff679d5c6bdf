// A fixed-window limit per caller address for the public calls, measured on the app's clock: lookups
// (verification, participant detail, PDF, transaction hash) and registrations have separate budgets
// (certificates.config.ts: 600 and 30 a minute unless configured). A caller over budget gets 429
// tooManyRequests with Retry-After, and nothing is read or written. The windows are kept in SharedLimits
// (limits/): in PostgreSQL when DATABASE_URL is set, so the budget is the configured one however many API
// processes and hosts serve; in the process on PGlite.
import { HttpException } from '@nestjs/common';
import { ErrorCodes } from '@binaan/contracts';
import type { SharedLimits } from '../limits/shared-limits.port.js';

export type RateBudget = { limit: number; windowMs: number };

export class FixedWindowLimiter {
  /** `scope` names the budget, so lookups and registrations of one address count apart. */
  constructor(
    private readonly limits: SharedLimits,
    private readonly scope: string,
    private readonly budget: RateBudget,
  ) {}

  /** Seconds to wait, or 0 when the call may go ahead (and is counted). */
  async take(caller: string, now: number): Promise<number> {
    const { count, resetsAtMs } = await this.limits.hit(`${this.scope}:${caller}`, this.budget.windowMs, now);
    if (count <= this.budget.limit) return 0;
    return Math.max(1, Math.ceil((resetsAtMs - now) / 1000));
  }
}

/** 429 with the seconds to wait (the reply filter keeps `retryAfter`; the controller sets the header). */
export function tooManyRequests(seconds: number): HttpException {
  return new HttpException(
    {
      errorCode: ErrorCodes.tooManyRequests,
      errorMessage: `Too many requests: try again in ${seconds} s.`,
      extra: { retryAfter: seconds },
    },
    429,
  );
}
