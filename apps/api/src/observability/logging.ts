// One pino logger per process for everything the API logs: Nest's Logger (NestPinoLogger below), Fastify's
// own messages and one line per request (request-logging.ts). LOG_FORMAT decides how lines are written:
// - `json` (the default when NODE_ENV=production): one JSON object per line on stdout, for a log shipper:
//   time (ISO 8601), level (a word), msg, reqId when the line was written while serving a request, context
//   (the Nest logger's name), err for errors;
// - `pretty` (the default otherwise, e.g. `npm start` on a laptop): one short line `HH:MM:SS level [context]
//   message (reqId)`, and request lines only with LOG_LEVEL=debug, so a newcomer's terminal shows the API's
//   own messages rather than a line per file the browser loads.
// Secrets are removed before anything is written (redaction.ts), in both formats.

import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService } from '@nestjs/common';
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { LogFormat } from '../config.js';
import type { BinaanLogLevel } from '../start-up/log-level.js';
import { REDACTED, REDACTED_PATHS, scrub } from './redaction.js';
import { asText } from '@binaan/contracts';

export type ApiLogger = Logger;

/** The request being served, for lines written by code that never sees the request (Nest's Logger). */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

function scrubbedError(error: Error): Record<string, unknown> {
  const serialized = stdSerializers.err(error) as unknown as Record<string, unknown>;
  for (const key of ['message', 'stack']) if (typeof serialized[key] === 'string') serialized[key] = scrub(serialized[key]);
  return serialized;
}

/** Lines are held until this many bytes are waiting (about ten request lines), or FLUSH_EVERY_MS has passed. */
export const LOG_BATCH_BYTES = 4096;
export const FLUSH_EVERY_MS = 100;
/** pino's number for error: a line at this level or above is written at once, never held. */
const ERROR_LEVEL = 50;

/**
 * The process's logger; `destination` is stdout unless a test captures the lines. Lines are written
 * asynchronously (sonic-boom, pino's own destination) and in batches: one write of LOG_BATCH_BYTES, or
 * what came within FLUSH_EVERY_MS, instead of one write per line. A write per request line was about 9% of
 * the API's CPU in a profile of the BQ bench (a system call per reply, on top of the reply's own);
 * a line now reaches stdout at most FLUSH_EVERY_MS late, and an error line at once (it flushes what is
 * held before it). pino writes what is still held when the process exits; only a SIGKILL can lose the
 * lines of its last moment, which the event log never depends on.
 */
export function createLogger(options: { level: BinaanLogLevel; format: LogFormat; destination?: DestinationStream }): ApiLogger {
  const out = options.destination ?? pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: FLUSH_EVERY_MS });
  const flush = (out as { flush?: (cb?: (error?: Error) => void) => void }).flush?.bind(out);
  return pino(
    {
      level: options.level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: REDACTED },
      serializers: { err: scrubbedError, error: scrubbedError },
      hooks: {
        // Every string argument (the message and its printf-style values) is scrubbed of secrets.
        logMethod(args, method, level) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrub(arg) : arg)) as Parameters<typeof method>);
          if (level >= ERROR_LEVEL && flush) flush(() => undefined);
        },
      },
    },
    options.format === 'pretty' ? prettyStream(out, options.destination ?? pino.destination({ dest: 2, sync: false }), options.level) : out,
  );
}

/** pretty: each JSON line rewritten as one short line; errors and warnings on stderr, as Nest's console logger did. */
function prettyStream(out: DestinationStream, errOut: DestinationStream, level: BinaanLogLevel): DestinationStream {
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return out.write(line);
      }
      // Request lines and Fastify's own "Server listening" (the banner says where) only at debug.
      if ((entry.req !== undefined || asText(entry.msg).startsWith('Server listening at')) && level !== 'debug') return;
      const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
      const context = entry.context ? ` [${asText(entry.context)}]` : '';
      const request = entry.req as { method?: string; url?: string } | undefined;
      const reply = entry.res as { statusCode?: number } | undefined;
      const text = request
        ? `${request.method} ${request.url} ${reply?.statusCode ?? ''} ${asText(entry.responseTime)} ms`
        : asText(entry.msg);
      const error = entry.err as { stack?: string } | undefined;
      (['warn', 'error', 'fatal'].includes(asText(entry.level)) ? errOut : out).write(
        `${time} ${asText(entry.level)}${context} ${text}${entry.reqId ? ` (${asText(entry.reqId)})` : ''}${error?.stack ? `\n${error.stack}` : ''}\n`,
      );
    },
  };
}

/** The contexts Nest itself logs under while it starts: shown with LOG_LEVEL=debug only (about 230 lines). */
const FRAMEWORK_START_UP = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
  'WebSocketsController',
]);

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** Nest's LoggerService on the process's pino logger: `new Logger('x').warn(...)` becomes a line with context x. */
export class NestPinoLogger implements LoggerService {
  constructor(
    private readonly logger: ApiLogger,
    private readonly startUpLines = logger.isLevelEnabled('debug'),
  ) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest, true);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest, true);
  }

  /** Nest passes (message, context) or, for errors, (message, stack, context). */
  private write(level: Level, message: unknown, rest: unknown[], withStack = false): void {
    const context = rest.length > 0 && typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    if (level === 'info' && context && FRAMEWORK_START_UP.has(context) && !this.startUpLines) return;
    const fields: Record<string, unknown> = context ? { context } : {};
    // Fastify's own lines carry reqId through request.log; Nest's are tied to their request here.
    const reqId = requestContext.getStore()?.reqId;
    if (reqId) fields.reqId = reqId;
    const stack = withStack && rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    if (message instanceof Error) fields.err = message;
    else if (stack) fields.err = { message: scrub(String(message)), stack: scrub(stack) };
    const text = message instanceof Error ? message.message : typeof message === 'string' ? message : JSON.stringify(message);
    this.logger[level](fields, text);
  }
}
