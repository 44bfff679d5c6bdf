// LOG_LEVEL: how much the API logs (README, configuration). The default, `info`, keeps the API's own messages
// (an e-mail written to the outbox, a password reset, a server error) and leaves out Nest's start-up chatter:
// one line per module loaded and per route mapped, about 230 lines that hid the address a newcomer needs.
// `debug` shows everything Nest says, those lines included.

import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { ConfigError } from '../config.js';

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type BinaanLogLevel = (typeof LOG_LEVELS)[number];

/** The contexts Nest itself logs under while it starts: shown with LOG_LEVEL=debug only. */
const FRAMEWORK_START_UP = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication', 'WebSocketsController']);

export function logLevelOf(value: string | undefined): BinaanLogLevel {
  const level = (value ?? '').trim().toLowerCase() || 'info';
  if (level === 'verbose') return 'debug';
  if (level === 'log') return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${value}"`);
  return level as BinaanLogLevel;
}

const NEST_LEVELS: Record<BinaanLogLevel, LogLevel[]> = {
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

/** Nest's console logger at LOG_LEVEL, without the framework's start-up lines below `debug`. */
export class BinaanLogger extends ConsoleLogger {
  constructor(private readonly level: BinaanLogLevel) {
    super({ logLevels: NEST_LEVELS[level] });
  }

  protected override printMessages(messages: unknown[], context = '', logLevel: LogLevel = 'log', writeStreamType?: 'stdout' | 'stderr', errorStack?: unknown, params?: Record<string, unknown>): void {
    if (this.level !== 'debug' && logLevel === 'log' && FRAMEWORK_START_UP.has(context)) return;
    super.printMessages(messages, context, logLevel, writeStreamType, errorStack, params);
  }
}
