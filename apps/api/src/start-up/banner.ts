// What `npm start` says once Binaan serves: where it is, what it runs on, where messages go, the demo, and
// plain warnings for what must not reach real use (the public demo signing key, the open outbox page).
// A short banner a newcomer reads whole; everything else is behind LOG_LEVEL (log-level.ts).

import { relative } from 'node:path';
import type { ApiConfig } from '../config.js';
import { DEMO_PASSWORD } from '../demo/demo-data.js';
import { devClockAllowed } from '../dev-clock/dev-clock.module.js';
import { outboxPageOptions } from '../messaging/messaging.module.js';
import type { BinaanLogLevel } from './log-level.js';

export type DemoStatus = { state: 'seeded'; companies: number; users: number; documents: number } | { state: 'kept' } | { state: 'none' };

export type BannerFacts = {
  config: ApiConfig;
  port: number;
  logLevel: BinaanLogLevel;
  /** Unknown in a cluster's primary, which opens no store (the first worker prints its own line). */
  demo?: DemoStatus;
  demoSigningKey: boolean;
  /** Milliseconds since npm start began (or this process did). */
  elapsedMs: number;
  processes?: number;
};

/** A connection URL without its password (and query), for the log. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.username ? `${decodeURIComponent(parsed.username)}@` : ''}${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return '(a URL that does not parse)';
  }
}

/** A path as the user would type it from where they started (the repository root under npm start). */
function shown(path: string): string {
  const near = relative(process.cwd(), path);
  return near && !near.startsWith('..') ? near : path;
}

function storeKind(config: ApiConfig): string {
  return config.eventStoreUrl ? 'KurrentDB' : config.databaseUrl ? 'PostgreSQL' : 'PGlite';
}

export function storeLine(config: ApiConfig): string {
  if (config.eventStoreUrl) return `KurrentDB at ${withoutPassword(config.eventStoreUrl)}`;
  if (config.databaseUrl)
    return `PostgreSQL at ${withoutPassword(config.databaseUrl)}${config.databaseSchema ? `, schema ${config.databaseSchema}` : ''}`;
  return `PGlite (embedded PostgreSQL) in ${shown(config.dataDir)}/ (one process at a time; DATABASE_URL for PostgreSQL)`;
}

export function demoLine(demo: DemoStatus): string {
  const logins = `logins in README.md, "Demo logins" (e.g. kumar@teguhbina.my, password ${DEMO_PASSWORD})`;
  if (demo.state === 'seeded')
    return `seeded now: ${demo.companies} companies, ${demo.users} users, ${demo.documents} documents; ${logins}`;
  if (demo.state === 'kept') return `seeded on an earlier start; ${logins}`;
  return process.env.DEMO_DATA === 'on' ? 'none (the store already held other data)' : 'none (DEMO_DATA is not on)';
}

export function banner(facts: BannerFacts): string[] {
  const { config, port } = facts;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = `http://${host}:${port}`;
  const outbox = shown(`${config.dataDir}/outbox`);
  const lines = [
    // The first line's shape is relied on by scripts and tests that wait for it (cluster.e2e.ts, test/bench).
    `Binaan is running at ${address} (store: ${storeKind(config)})${facts.processes ? `, ${facts.processes} API processes` : ''}; ready in ${(facts.elapsedMs / 1000).toFixed(1)} s`,
    `  Store:     ${storeLine(config)}`,
    `  E-mail:    ${config.smtpUrl ? `SMTP at ${withoutPassword(config.smtpUrl)}` : `written to ${outbox}/email.jsonl (no SMTP_URL set)`}`,
    `  SMS:       ${config.smsGatewayUrl ? `gateway at ${withoutPassword(config.smsGatewayUrl)}` : `written to ${outbox}/sms.jsonl (no SMS_GATEWAY_URL set)`}`,
    ...(facts.demo ? [`  Demo data: ${demoLine(facts.demo)}`] : []),
    `  Logs:      LOG_LEVEL=${facts.logLevel}${facts.logLevel === 'debug' ? '' : ' (LOG_LEVEL=debug shows every module and route as Nest loads them)'}. Ctrl+C stops.`,
  ];
  if (facts.demoSigningKey) {
    lines.push('WARNING: certificates are signed with the public DEMO key: anyone can make a certificate that verifies as genuine.');
    lines.push(
      `         Use this data folder for trying only; for real use start from an empty DATA_DIR with DEMO_DATA=off or CERTIFICATE_SIGNING_KEY set.`,
    );
  }
  if (config.environment === 'production' && !config.transparencyLog.signingKey) {
    lines.push('WARNING: no checkpoints of the transparency log are signed: set LOG_SIGNING_KEY (kept apart from the data) in production.');
  }
  if (config.personalDataMasterKey === undefined) {
    lines.push(
      `WARNING: personal data is sealed with a master key kept in ${shown(config.dataDir)}/secrets.json, beside the data: set PERSONAL_DATA_MASTER_KEY (kept apart) for real use.`,
    );
  }
  if (outboxPageOptions(config)) {
    lines.push(`WARNING: ${address}/api/dev/outbox shows every e-mail and SMS (password reset links and codes included) to anyone`);
    lines.push(`         who can reach this address. It is served because NODE_ENV is not "production" (it is "${config.environment}").`);
  }
  if (devClockAllowed(config)) {
    lines.push(
      `WARNING: DEV_CLOCK=on: anyone who can reach ${address}/api/dev/clock can move this server's clock forward (for browser walks only).`,
    );
  }
  return lines;
}
