// Provides SHARED_LIMITS to every context: on PostgreSQL the database's tables, so every process and host
// counts together; otherwise (PGlite, one process by construction) the process's memory.
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { SqlEventStore, type EventStore } from '@binaan/event-store';
import { InProcessLimits } from './in-process-limits.js';
import { PostgresLimits } from './postgres-limits.js';
import { SHARED_LIMITS, type SharedLimits } from './shared-limits.port.js';

export function limitsFor(store: EventStore | undefined): SharedLimits {
  if (store instanceof SqlEventStore && store.db.kind === 'postgres') return new PostgresLimits(store.db);
  return new InProcessLimits();
}

@Global()
@Module({})
export class LimitsModule {
  /** `store` undefined: in-process (a test that builds a few modules without a store). */
  static forRoot(store?: EventStore): DynamicModule {
    return { module: LimitsModule, providers: [{ provide: SHARED_LIMITS, useValue: limitsFor(store) }], exports: [SHARED_LIMITS] };
  }
}
