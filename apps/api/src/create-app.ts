// Builds the application (used by main.ts and by the api e2e tests, so both run the same thing).
//
// The HTTP layer is Fastify (@nestjs/platform-fastify), not Express: on these machines a bare Nest route
// costs about 0.1 ms of CPU on Fastify against 0.4 ms on Express (0.65 ms with Express's static and
// middleware stack in front of every API call), and the public verification and workflow actions are
// mostly that overhead. Measured with autocannon against a one-route app of each (session 3 note).

import 'reflect-metadata';
import { RequestMethod, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import type { EventStore } from '@binaan/event-store';
import type { ApiConfig } from './config.js';
import { openConfiguredStore } from './store/open-configured-store.js';
import { hostUi } from './ui-hosting/ui-hosting.js';
import { validationPipe } from './common/validation.pipe.js';
import { privateApiCaching } from './common/api-caching.js';
import { jsonBodies, BODY_LIMIT } from './common/json-bodies.js';
import { conditionalGet } from './common/conditional-get.js';
import { compressReplies } from './common/compression.js';
import { mountOpenApi } from './openapi/openapi.js';
import { securityHeaders } from './common/security-headers.js';

export type BinaanApp = NestFastifyApplication;

export type CreateAppOptions = {
  /** false: silent (the e2e tests); main.ts passes the LOG_LEVEL logger (start-up/log-level.ts). */
  logger?: false | LoggerService;
  store?: EventStore;
  /** The time, for every decision and every recorded event (tests move it forward). */
  now?: () => Date;
};

/** Opens the configured store (unless one is given) and builds the application on it. */
export async function createApp(config: ApiConfig, options: CreateAppOptions = {}): Promise<BinaanApp> {
  const now = options.now ?? (() => new Date());
  const store = options.store ?? (await openConfiguredStore(config, now)).store;
  // As Express answered: /api/x/ is /api/x; a path parameter of any length reaches the handler (which
  // answers it: a 5,000-character id is "no access", not an unknown route); a body up to BODY_LIMIT.
  const adapter = new FastifyAdapter({ routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16_384 }, bodyLimit: BODY_LIMIT, logger: false });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, store, now), adapter, {
    abortOnError: false,
    bodyParser: false,
    logger: options.logger ?? ['log', 'warn', 'error'],
  });
  await securityHeaders(app, config.publicUrl);
  // The certificate signing keys are published where verifiers look for them (RFC 8615), not under /api.
  app.setGlobalPrefix('api', { exclude: [{ path: '.well-known/jwks.json', method: RequestMethod.GET }] });
  app.useGlobalPipes(validationPipe());
  // Before any route is added: the plugin hooks routes as they are registered.
  await compressReplies(app);
  jsonBodies(app);
  privateApiCaching(app.getHttpAdapter().getInstance());
  conditionalGet(app.getHttpAdapter().getInstance());
  app.enableShutdownHooks();
  mountOpenApi(app);
  hostUi(app, config.uiDir);
  return app;
}
