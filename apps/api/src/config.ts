// Configuration from the environment, read once at start. Every variable is in the README.

import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { transparencyLogConfig, type TransparencyLogConfig } from './transparency-log/transparency-log.config.js';

export type ApiConfig = {
  port: number;
  host: string;
  /** PGlite's folder when no DATABASE_URL is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  eventStoreUrl: string | undefined;
  /** PostgreSQL: the longest wait for a connection (DATABASE_CONNECT_TIMEOUT_MS, default 5,000). */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL: statement_timeout of every request's statement (DATABASE_STATEMENT_TIMEOUT_MS, default 15,000). */
  databaseStatementTimeoutMs: number;
  migrationsDir: string;
  /** The built ui (ui/dist); served at / when it exists. */
  uiDir: string;
  /** Public address of the product, for links in e-mails. */
  publicUrl: string;
  /** e-mail by SMTP (smtp://user:pass@host:587); unset: written to the outbox in DATA_DIR. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMS by an HTTP gateway; unset: written to the outbox in DATA_DIR. */
  smsGatewayUrl: string | undefined;
  smsGatewayToken: string | undefined;
  /**
   * Online payment by Stripe Checkout (payments/README.md): the secret key and the webhook endpoint's signing
   * secret; STRIPE_API_URL points the client elsewhere than api.stripe.com (the stand-in). Without keys, outside
   * production, a stand-in on loopback takes the payments; in production online payment is then unavailable.
   */
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApiUrl: string | undefined;
  /** Proof-of-work difficulty of the human check (ALTCHA maxnumber); tests lower it. */
  humanCheckMaxNumber: number;
  /** Secrets from the environment; where unset, made once and kept in DATA_DIR/secrets.json (see secrets.ts). */
  jwtSecret: string | undefined;
  codeHmacKey: string | undefined;
  humanCheckHmacKey: string | undefined;
  /** Keys the HMACs that e-mail and mobile lookups use (LOOKUP_HMAC_KEY): stream ids and lookup keys never hold the address or digits. */
  lookupHmacKey: string | undefined;
  /**
   * Signs the approve and reject links of approval e-mails (APPROVAL_LINK_KEY, approval-links/README.md). In
   * production it must be set (the same on every instance): unset there, approval e-mails carry no such links.
   */
  approvalLinkKey: string | undefined;
  /** How long an approval e-mail's links work (APPROVAL_LINK_HOURS, default 72). */
  approvalLinkHours: number;
  /**
   * The master key that wraps each person's data key (PERSONAL_DATA_MASTER_KEY). Unset: made once
   * and kept in DATA_DIR/secrets.json, and the banner warns (a key beside the data protects nothing from
   * whoever holds the folder). After a rotation, the previous keys (PERSONAL_DATA_PREVIOUS_MASTER_KEYS,
   * comma-separated) still open keys wrapped before it, until `npm run store -- rewrap-keys` moves them.
   */
  personalDataMasterKey: string | undefined;
  personalDataPreviousMasterKeys: string[];
  /**
   * PERSONAL_DATA_RETENTION_MONTHS (default 12): login attempts, sessions, phone codes and
   * the mail and SMS outbox older than this are forgotten by the retention job (personal-data/retention.ts).
   */
  personalDataRetentionMonths: number;
  /** 'production' hides developer helpers (the outbox page, the development clock). */
  environment: 'production' | 'development' | 'test';
  /**
   * DEV_CLOCK=on: the API's clock can be moved forward at POST /api/dev/clock (dev-clock/), for browser walks
   * that must reach a tender's open and close times. Ignored in production and with API_WORKERS above 1.
   */
  devClock: boolean;
  /**
   * API processes sharing the port (API_WORKERS, default 1; cluster.ts). More than one needs PostgreSQL: PGlite
   * is one process's folder.
   */
  workers: number;
  /**
   * Whether this process runs the log's reactors (the notifications subscription). Set by cluster.ts: the first
   * worker runs them, the others serve requests only (two would both do each page's work, once recorded).
   */
  reactors: boolean;
  /** GET /metrics needs it as a Bearer token; unset, /metrics answers 404 (observability/metrics-route.ts). */
  metricsToken: string | undefined;
  /**
   * TRUST_PROXY: the proxies whose X-Forwarded-For names the caller (Fastify's trustProxy: addresses, CIDRs,
   * or loopback); unset, the caller is the connection's address. Behind nginx the rate limits need it, or
   * every caller shares nginx's address.
   */
  trustProxy: string | undefined;
  /** json (default in production) or pretty (observability/logging.ts). */
  logFormat: LogFormat;
  /**
   * Where document files go (files/README.md): unset FILES_S3_BUCKET keeps them under DATA_DIR/files; set, in
   * that S3-compatible bucket (FILES_S3_ENDPOINT for MinIO / Wasabi / s3rver, keys from the environment).
   */
  filesS3: FilesS3Config | undefined;
  /** COMPANY_FILES_TOTAL_BYTES: the most a company's files may take in all (spec §9: 1 GB; tests lower it). */
  companyFilesTotalBytes: number;
  /** The transparency log's checkpoints and key (transparency-log/transparency-log.config.ts). */
  transparencyLog: TransparencyLogConfig;
};

export type FilesS3Config = {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Object keys start with it (e.g. `binaan/`). */
  prefix: string;
  /** The bucket in the path (MinIO, s3rver) rather than the host name (AWS). */
  forcePathStyle: boolean;
};

function filesS3(env: NodeJS.ProcessEnv): FilesS3Config | undefined {
  const bucket = (env.FILES_S3_BUCKET ?? '').trim();
  if (bucket === '') {
    if (env.FILES_S3_ENDPOINT) throw new ConfigError('FILES_S3_ENDPOINT needs FILES_S3_BUCKET');
    return undefined;
  }
  const accessKeyId = env.FILES_S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.FILES_S3_SECRET_ACCESS_KEY || undefined;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined))
    throw new ConfigError('FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY go together');
  const endpoint = env.FILES_S3_ENDPOINT || undefined;
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    region: env.FILES_S3_REGION || 'us-east-1',
    prefix: env.FILES_S3_PREFIX ?? 'files/',
    // A custom endpoint (MinIO, s3rver) usually serves the bucket in the path; AWS by host name.
    forcePathStyle: env.FILES_S3_FORCE_PATH_STYLE ? env.FILES_S3_FORCE_PATH_STYLE === 'true' : endpoint !== undefined,
  };
}

export type LogFormat = 'json' | 'pretty';

/** A setting that cannot be used: main.ts prints its message alone (no stack trace) and exits 1. */
export class ConfigError extends Error {}

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

function port(value: string | undefined): number {
  const parsed = Number(value ?? 3000);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new ConfigError(`PORT must be a port number, not "${value}"`);
  return parsed;
}

function positive(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new ConfigError(`expected a positive whole number, not "${value}"`);
  return parsed;
}

function milliseconds(name: string, value: string | undefined, fallback: number): number {
  try {
    return positive(value, fallback);
  } catch {
    throw new ConfigError(`${name} must be a positive whole number of milliseconds, not "${value}"`);
  }
}

function logFormatOf(value: string | undefined, environment: string | undefined): LogFormat {
  const format = (value ?? '').trim().toLowerCase();
  if (format === '') return environment === 'production' ? 'json' : 'pretty';
  if (format !== 'json' && format !== 'pretty') throw new ConfigError(`LOG_FORMAT must be json or pretty, not "${value}"`);
  return format;
}

function workers(env: NodeJS.ProcessEnv): number {
  let count: number;
  try {
    count = positive(env.API_WORKERS, 1);
  } catch {
    throw new ConfigError(`API_WORKERS must be a positive whole number, not "${env.API_WORKERS}"`);
  }
  if (count > 1 && !env.DATABASE_URL)
    throw new ConfigError('API_WORKERS above 1 needs DATABASE_URL (PostgreSQL): PGlite in DATA_DIR serves one process');
  return count;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  return {
    port: port(env.PORT),
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? resolve(repositoryRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    databaseConnectTimeoutMs: milliseconds('DATABASE_CONNECT_TIMEOUT_MS', env.DATABASE_CONNECT_TIMEOUT_MS, 5_000),
    databaseStatementTimeoutMs: milliseconds('DATABASE_STATEMENT_TIMEOUT_MS', env.DATABASE_STATEMENT_TIMEOUT_MS, 15_000),
    migrationsDir: resolve(env.MIGRATIONS_DIR ?? resolve(repositoryRoot, 'infra/migrations')),
    uiDir: resolve(env.UI_DIR ?? resolve(repositoryRoot, 'ui/dist')),
    publicUrl: (env.PUBLIC_URL ?? `http://127.0.0.1:${port(env.PORT)}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Binaan <no-reply@binaan.local>',
    smsGatewayUrl: env.SMS_GATEWAY_URL || undefined,
    smsGatewayToken: env.SMS_GATEWAY_TOKEN || undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiUrl: env.STRIPE_API_URL || undefined,
    humanCheckMaxNumber: positive(env.HUMAN_CHECK_MAX_NUMBER, 100_000),
    jwtSecret: env.JWT_SECRET || undefined,
    codeHmacKey: env.CODE_HMAC_KEY || undefined,
    humanCheckHmacKey: env.HUMAN_CHECK_HMAC_KEY || undefined,
    lookupHmacKey: env.LOOKUP_HMAC_KEY || undefined,
    approvalLinkKey: env.APPROVAL_LINK_KEY || undefined,
    approvalLinkHours: positive(env.APPROVAL_LINK_HOURS, 72),
    personalDataMasterKey: env.PERSONAL_DATA_MASTER_KEY || undefined,
    personalDataPreviousMasterKeys: (env.PERSONAL_DATA_PREVIOUS_MASTER_KEYS ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    personalDataRetentionMonths: positive(env.PERSONAL_DATA_RETENTION_MONTHS, 12),
    environment: env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development',
    devClock: env.DEV_CLOCK === 'on',
    workers: workers(env),
    reactors: env.BINAAN_REACTORS !== 'off',
    metricsToken: env.METRICS_TOKEN || undefined,
    trustProxy: env.TRUST_PROXY || undefined,
    logFormat: logFormatOf(env.LOG_FORMAT, env.NODE_ENV),
    filesS3: filesS3(env),
    companyFilesTotalBytes: positive(env.COMPANY_FILES_TOTAL_BYTES, 1024 * 1024 * 1024),
    transparencyLog: transparencyLogConfig(env, (env.PUBLIC_URL ?? `http://127.0.0.1:${port(env.PORT)}`).replace(/\/$/, ''), ConfigError),
  };
}
