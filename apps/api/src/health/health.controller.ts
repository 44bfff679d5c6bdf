import { Controller, Get, Inject } from '@nestjs/common';
import type { HealthReply } from '@binaan/contracts';
import type { EventStore } from '@binaan/event-store';
import { Public } from '../common/public.decorator.js';
import { EVENT_STORE } from '../store/store.tokens.js';

@Controller('health')
export class HealthController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** Up, which store, and the last global position: reading it proves the store answers. */
  @Public()
  @Get()
  async health(): Promise<HealthReply> {
    return { status: 'ok', store: this.store.kind, position: await this.store.lastPosition() };
  }
}
