// Provides the event store, opened before the application is built (see create-app.ts), to every
// bounded context, and closes it on shutdown. No context opens a store of its own.

import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { EventStore } from '@binaan/event-store';
import type { ApiConfig } from '../config.js';
import { API_CONFIG, EVENT_STORE } from './store.tokens.js';

@Global()
@Module({})
export class StoreModule implements OnApplicationShutdown {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  static forRoot(config: ApiConfig, store: EventStore): DynamicModule {
    return {
      module: StoreModule,
      providers: [
        { provide: API_CONFIG, useValue: config },
        { provide: EVENT_STORE, useValue: store },
      ],
      exports: [API_CONFIG, EVENT_STORE],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
