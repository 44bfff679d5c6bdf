// This context's settings from the environment, read once when the module starts (like
// CERTIFICATE_SIGNING_KEY in certificate-keys.ts); every variable is in the README's configuration table.
// The public calls' limits per caller address and minute: lookups (verification, participant detail, PDF,
// transaction hash) and registrations. The defaults suit one public site; a load test raises them.
import type { RateBudget } from './public-rate-limit.js';

export type CertificatesConfig = { lookups: RateBudget; registrations: RateBudget };

export const CERTIFICATES_CONFIG = Symbol('CERTIFICATES_CONFIG');

export const DEFAULT_LOOKUPS_PER_MINUTE = 600;
export const DEFAULT_REGISTRATIONS_PER_MINUTE = 30;

function perMinute(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 1)
    throw new Error(`${name} must be a whole number of calls per minute (1 or more), not "${value}"`);
  return parsed;
}

export function loadCertificatesConfig(env: NodeJS.ProcessEnv = process.env): CertificatesConfig {
  return {
    lookups: { limit: perMinute(env, 'PUBLIC_RATE_LIMIT_PER_MINUTE', DEFAULT_LOOKUPS_PER_MINUTE), windowMs: 60_000 },
    registrations: { limit: perMinute(env, 'PUBLIC_REGISTRATION_LIMIT_PER_MINUTE', DEFAULT_REGISTRATIONS_PER_MINUTE), windowMs: 60_000 },
  };
}
