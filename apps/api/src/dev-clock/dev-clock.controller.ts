// GET /api/dev/clock: the API's time and how far it was moved; POST /api/dev/clock { advanceMs } or { to }:
// moves it forward (movable-clock.ts). DevClockModule registers this controller only with DEV_CLOCK=on outside
// production, on a single process, so elsewhere the route does not exist (404), as /api/dev/outbox.
import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Public } from '../common/public.decorator.js';
import { refusal } from '../common/refusal.js';
import { ApiRefusal, ApiStoreFree } from '../openapi/api-replies.decorators.js';
import { DEV_CLOCK_MAX_MOVE_MS, MovableClock } from './movable-clock.js';

type ClockReply = { success: true; now: string; offsetMs: number };

/** The move asked for, in ms, or the fields at fault. */
export function moveOf(body: unknown, now: Date): number | Record<string, string[]> {
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  if (!fields) return { body: ['objectRequired'] };
  const unknown = Object.keys(fields).filter((key) => key !== 'advanceMs' && key !== 'to');
  if (unknown.length > 0) return Object.fromEntries(unknown.map((key) => [key, ['unknownField']]));
  const { advanceMs, to } = fields;
  if ((advanceMs === undefined) === (to === undefined)) return { advanceMs: ['advanceMsOrTo'] };
  const ms =
    advanceMs !== undefined
      ? advanceMs
      : typeof to === 'string' && !Number.isNaN(Date.parse(to))
        ? Math.ceil(Date.parse(to) - now.getTime())
        : NaN;
  const field = advanceMs !== undefined ? 'advanceMs' : 'to';
  if (typeof ms !== 'number' || !Number.isInteger(ms)) return { [field]: ['invalid'] };
  if (ms <= 0) return { [field]: ['notForward'] };
  if (ms > DEV_CLOCK_MAX_MOVE_MS) return { [field]: ['tooFar'] };
  return ms;
}

@Public()
@Controller('dev/clock')
export class DevClockController {
  constructor(@Inject(MovableClock) private readonly clock: MovableClock) {}

  private reply(): ClockReply {
    return { success: true, now: this.clock.now().toISOString(), offsetMs: this.clock.offsetMs };
  }

  @ApiStoreFree()
  @Get()
  @ApiOperation({ summary: "Development only (DEV_CLOCK=on, never in production): the API's time and how far it has been moved forward" })
  read(): ClockReply {
    return this.reply();
  }

  @ApiStoreFree()
  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: `Development only (DEV_CLOCK=on, never in production): moves the API's clock forward, { advanceMs } or { to: ISO time }, at most ${DEV_CLOCK_MAX_MOVE_MS} ms at once; never back`,
  })
  @ApiRefusal(400, 'validationFailed: not exactly one of advanceMs and to, a move that is not forward, or one of more than a day')
  move(@Body() body: unknown): ClockReply {
    const ms = moveOf(body, this.clock.now());
    if (typeof ms !== 'number')
      throw refusal(400, 'validationFailed', `Check these fields: ${Object.keys(ms).join(', ')}.`, { fields: ms });
    this.clock.advance(ms);
    return this.reply();
  }
}
