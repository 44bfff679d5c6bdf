// Builds the application (used by main.ts and by the api e2e tests, so both run the same thing).

import 'reflect-metadata';
import { RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import type { EventStore } from '@binaan/event-store';
import type { ApiConfig } from './config.js';
import { openConfiguredStore } from './store/open-configured-store.js';
import { hostUi } from './ui-hosting/ui-hosting.js';
import { validationPipe } from './common/validation.pipe.js';
import { privateApiCaching } from './common/api-caching.js';
import { mountOpenApi } from './openapi/openapi.js';

export type CreateAppOptions = {
  logger?: false;
  store?: EventStore;
  /** The time, for every decision and every recorded event (tests move it forward). */
  now?: () => Date;
};

/** Opens the configured store (unless one is given) and builds the application on it. */
export async function createApp(config: ApiConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const now = options.now ?? (() => new Date());
  const store = options.store ?? (await openConfiguredStore(config, now)).store;
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, store, now), {
    abortOnError: false,
    ...(options.logger === false ? { logger: false } : { logger: ['log', 'warn', 'error'] }),
  });
  // The certificate signing keys are published where verifiers look for them (RFC 8615), not under /api.
  app.setGlobalPrefix('api', { exclude: [{ path: '.well-known/jwks.json', method: RequestMethod.GET }] });
  app.useGlobalPipes(validationPipe());
  app.disable('x-powered-by');
  app.use(privateApiCaching);
  app.enableShutdownHooks();
  mountOpenApi(app);
  hostUi(app, config.uiDir);
  return app;
}
