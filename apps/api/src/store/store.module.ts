// Provides the event store (opened before the application is built, see create-app.ts), the SQL read
// models beside it, the configuration, the clock and the secrets to every bounded context, and closes the store on
// shutdown. No context opens a store of its own.

import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { SqlEventStore, StoreConfigurationError, type EventStore } from '@binaan/event-store';
import type { ApiConfig } from '../config.js';
import { CLOCK, READ_MODELS, type Clock } from '../common/principal.js';
import { SECRETS, type Secrets } from '../common/secrets.js';
import { LookupKeys } from '../personal-data/lookup-keys.js';
import { LiveLog } from './live-log.js';
import { API_CONFIG, EVENT_STORE } from './store.tokens.js';

@Global()
@Module({})
export class StoreModule implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly liveLog: LiveLog,
  ) {}

  static forRoot(config: ApiConfig, store: EventStore, clock: Clock, secrets: Secrets): DynamicModule {
    return {
      module: StoreModule,
      providers: [
        { provide: API_CONFIG, useValue: config },
        { provide: EVENT_STORE, useValue: store },
        { provide: CLOCK, useValue: clock },
        { provide: SECRETS, useValue: secrets },
        { provide: LookupKeys, useValue: new LookupKeys(secrets.lookupHmacKey) },
        LiveLog,
        {
          provide: READ_MODELS,
          useFactory: () => {
            if (store instanceof SqlEventStore) return store.db;
            // Read models for KurrentDB come through a checkpointed subscription into PostgreSQL: not built yet.
            throw new StoreConfigurationError(
              'EVENTSTORE_URL: the read models need PostgreSQL beside KurrentDB, which is not supported yet; use DATABASE_URL.',
            );
          },
        },
      ],
      exports: [API_CONFIG, EVENT_STORE, CLOCK, READ_MODELS, SECRETS, LookupKeys, LiveLog],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.liveLog.stop();
    await this.store.close();
  }
}
