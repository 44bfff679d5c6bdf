import { Controller, Get, Inject } from '@nestjs/common';
import type { EventStore, StoreStats } from '@binaan/event-store';
import { EVENT_STORE } from '../store/store.tokens.js';

@Controller('audit')
export class StoreStatsController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** Events and streams by type, for the admin's audit page. Signed-in users only (the admin access right comes with identity). */
  @Get('store-stats')
  stats(): Promise<StoreStats> {
    return this.store.stats();
  }
}
