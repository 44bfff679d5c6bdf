// LOG_LEVEL: how much the API logs (README, configuration). The default, `info`, keeps the API's own messages
// (an e-mail written to the outbox, a password reset, a server error) and leaves out Nest's start-up chatter:
// one line per module loaded and per route mapped, about 230 lines that hid the address a newcomer needs.
// `debug` shows everything Nest says, those lines included (observability/logging.ts writes them).

import { ConfigError } from '../config.js';

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type BinaanLogLevel = (typeof LOG_LEVELS)[number];

export function logLevelOf(value: string | undefined): BinaanLogLevel {
  const level = (value ?? '').trim().toLowerCase() || 'info';
  if (level === 'verbose') return 'debug';
  if (level === 'log') return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${value}"`);
  return level as BinaanLogLevel;
}
