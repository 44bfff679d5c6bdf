// Builds the application (used by main.ts and by the api e2e tests, so both run the same thing).
//
// The HTTP layer is Fastify (@nestjs/platform-fastify), not Express: on these machines a bare Nest route
// costs about 0.1 ms of CPU on Fastify against 0.4 ms on Express (0.65 ms with Express's static and
// middleware stack in front of every API call), and the public verification and workflow actions are
// mostly that overhead. Measured with autocannon against a one-route app of each.

import 'reflect-metadata';
import { RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { WsAdapter } from '@nestjs/platform-ws';
import { LogController } from 'fastify';
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
import { securityHeaders, securityHeaderSets } from './common/security-headers.js';
import { createLogger, NestPinoLogger, type ApiLogger } from './observability/logging.js';
import { requestIdOf } from './observability/request-id.js';
import { lazyRequestLogger } from './observability/request-logger.js';
import { observeRequests } from './observability/request-logging.js';
import { Metrics } from './observability/metrics.js';
import { mountMetrics } from './observability/metrics-route.js';
import { offerToCluster } from './observability/cluster-metrics.js';
import { UserChannel } from './notifications/user-channel.js';
import { NotificationReactor, REACTOR_SUBSCRIPTION } from './notifications/notification-reactor.js';
import { LiveLog } from './store/live-log.js';
import { APPROVAL_QUEUE_SUBSCRIPTION, ApprovalQueue } from './documents/approval-queue.js';
import { APPROVAL_MAILS_SUBSCRIPTION, ApprovalMailer } from './approval-links/approval-mailer.js';
import { devClockAllowed } from './dev-clock/dev-clock.module.js';
import { MovableClock } from './dev-clock/movable-clock.js';

export type BinaanApp = NestFastifyApplication;

export type CreateAppOptions = {
  /**
   * The process's pino logger (observability/logging.ts): Nest's lines and one per request go to it. false:
   * silent (the e2e tests); unset: one at info in config.logFormat.
   */
  logger?: false | ApiLogger;
  store?: EventStore;
  /** The time, for every decision and every recorded event (tests move it forward). */
  now?: () => Date;
};

/** Opens the configured store (unless one is given) and builds the application on it. */
export async function createApp(config: ApiConfig, options: CreateAppOptions = {}): Promise<BinaanApp> {
  // DEV_CLOCK=on outside production (dev-clock/): the machine's time plus what POST /api/dev/clock added.
  const movable = !options.now && devClockAllowed(config) ? new MovableClock() : null;
  const now = options.now ?? movable?.now ?? (() => new Date());
  const store = options.store ?? (await openConfiguredStore(config, now)).store;
  // As Express answered: /api/x/ is /api/x; a path parameter of any length reaches the handler (which
  // answers it: a 5,000-character id is "no access", not an unknown route); a body up to BODY_LIMIT.
  const log = options.logger === false ? null : (options.logger ?? createLogger({ level: 'info', format: config.logFormat }));
  const metrics = new Metrics();
  metrics.countAppends(store);
  offerToCluster(metrics.registry);
  // Fastify logs through the same pino logger (its own per-request lines are replaced by request-logging.ts's one).
  const adapter = new FastifyAdapter({
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16_384 },
    bodyLimit: BODY_LIMIT,
    ...(log ? { loggerInstance: log, childLoggerFactory: lazyRequestLogger } : { logger: false }),
    // fastify is @nestjs/platform-fastify's own (one copy, hoisted): its LogController is the class it checks for.
    ...(config.trustProxy ? { trustProxy: config.trustProxy } : {}),
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'reqId' }),
    genReqId: requestIdOf,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, store, now, movable), adapter, {
    abortOnError: false,
    bodyParser: false,
    logger: log ? new NestPinoLogger(log) : false,
  });
  // The user channel is a Nest gateway on ws (notifications/user-channel.ts), sharing the HTTP server's port.
  app.useWebSocketAdapter(new WsAdapter(app));
  const fastify = app.getHttpAdapter().getInstance();
  observeRequests(fastify, log, metrics);
  mountMetrics(fastify, metrics, config.metricsToken);
  const reactor = app.get(NotificationReactor, { strict: false });
  const liveLog = app.get(LiveLog, { strict: false });
  const approvals = app.get(ApprovalQueue, { strict: false });
  const channel = app.get(UserChannel, { strict: false });
  const mailer = app.get(ApprovalMailer, { strict: false });
  metrics.watch({
    sockets: () => channel.connectionCount(),
    lastPosition: () => store.lastPosition(),
    subscriptions: () =>
      [
        { name: REACTOR_SUBSCRIPTION, position: reactor.position() },
        { name: 'live-feed', position: liveLog.position() },
        { name: APPROVAL_QUEUE_SUBSCRIPTION, position: approvals.position() },
        { name: APPROVAL_MAILS_SUBSCRIPTION, position: mailer.position() },
      ].filter((s): s is { name: string; position: number } => s.position !== null),
  });
  const headerSets = securityHeaderSets(config.publicUrl);
  securityHeaders(app, headerSets);
  // The certificate signing keys (JWKS, and the did:web document) are published where verifiers look for them (RFC 8615), not under /api.
  app.setGlobalPrefix('api', {
    exclude: [
      { path: '.well-known/jwks.json', method: RequestMethod.GET },
      { path: '.well-known/did.json', method: RequestMethod.GET },
    ],
  });
  app.useGlobalPipes(validationPipe());
  // Before any route is added: the plugin hooks routes as they are registered.
  await compressReplies(app);
  jsonBodies(app);
  privateApiCaching(app.getHttpAdapter().getInstance());
  conditionalGet(app.getHttpAdapter().getInstance());
  app.enableShutdownHooks();
  mountOpenApi(app);
  hostUi(app, config.uiDir, headerSets.document);
  return app;
}
