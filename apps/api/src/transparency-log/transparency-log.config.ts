// The transparency log's settings (README.md): how often a checkpoint is signed, its origin line, where
// signed heads are also written, and the log key.
import type { ConfigError } from '../config.js';

export type TransparencyLogConfig = {
  /** LOG_CHECKPOINT_EVENTS: a checkpoint once the tree grew by this many events (default 1000). */
  checkpointEvents: number;
  /** LOG_CHECKPOINT_SECONDS: or once this long has passed since the last one, when the tree grew (default 60). */
  checkpointSeconds: number;
  /** LOG_ORIGIN: the checkpoint's first line and the log key's name (default: PUBLIC_URL's host and path + /log). */
  origin: string;
  /** LOG_HEADS_DIR: each checkpoint also written there as a file, and `latest` (unset: none written). */
  headsDir: string | undefined;
  /** LOG_SIGNING_KEY: the Ed25519 log key (PKCS#8, PEM or base64url DER); production must give it. */
  signingKey: string | undefined;
};

const ORIGIN = /^[^\s+]+$/;

export function transparencyLogConfig(
  env: NodeJS.ProcessEnv,
  publicUrl: string,
  configError: new (message: string) => ConfigError,
): TransparencyLogConfig {
  const count = (name: string, fallback: number): number => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < 1) throw new configError(`${name} must be a whole number of at least 1`);
    return value;
  };
  const url = new URL(publicUrl);
  const origin = env.LOG_ORIGIN || `${url.host}${url.pathname.replace(/\/$/, '')}/log`;
  if (!ORIGIN.test(origin)) throw new configError('LOG_ORIGIN must have no spaces and no "+"');
  return {
    checkpointEvents: count('LOG_CHECKPOINT_EVENTS', 1000),
    checkpointSeconds: count('LOG_CHECKPOINT_SECONDS', 60),
    origin,
    headsDir: env.LOG_HEADS_DIR || undefined,
    signingKey: env.LOG_SIGNING_KEY || undefined,
  };
}
