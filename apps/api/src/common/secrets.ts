// The keys that sign sessions and seal codes. In production they come from the environment (JWT_SECRET,
// CODE_HMAC_KEY, HUMAN_CHECK_HMAC_KEY, LOOKUP_HMAC_KEY, APPROVAL_LINK_KEY), the same on every instance. Where one is unset (trying Binaan,
// development, tests), it is made once from a cryptographic source and kept in DATA_DIR/secrets.json
// (mode 0600), so a restart keeps sessions valid. Secrets are never logged.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiConfig } from '../config.js';

export type Secrets = {
  jwtSecret: string;
  codeHmacKey: string;
  humanCheckHmacKey: string;
  personalDataMasterKey: string;
  lookupHmacKey: string;
  approvalLinkKey: string;
};

/** Injection token: the secrets, loaded once at start (app.module.ts). */
export const SECRETS = Symbol('SECRETS');

const MIN_LENGTH = 32;

export function loadSecrets(config: ApiConfig): Secrets {
  const file = join(config.dataDir, 'secrets.json');
  const kept: Partial<Secrets> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>) : {};
  const made: Partial<Secrets> = {};
  const pick = (name: keyof Secrets, given: string | undefined): string => {
    if (given !== undefined) {
      if (given.length < MIN_LENGTH) throw new Error(`${name} must be at least ${MIN_LENGTH} characters`);
      return given;
    }
    return kept[name] ?? (made[name] = randomBytes(32).toString('base64url'));
  };
  const secrets = {
    jwtSecret: pick('jwtSecret', config.jwtSecret),
    codeHmacKey: pick('codeHmacKey', config.codeHmacKey),
    humanCheckHmacKey: pick('humanCheckHmacKey', config.humanCheckHmacKey),
    personalDataMasterKey: pick('personalDataMasterKey', config.personalDataMasterKey),
    lookupHmacKey: pick('lookupHmacKey', config.lookupHmacKey),
    approvalLinkKey: pick('approvalLinkKey', config.approvalLinkKey),
  };
  if (Object.keys(made).length > 0) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify({ ...kept, ...made }, null, 2), { mode: 0o600 });
  }
  return secrets;
}

/** True when the personal data master key is the one kept in the data folder (the banner warns). */
export function personalDataKeyKeptInDataDir(config: ApiConfig): boolean {
  return config.personalDataMasterKey === undefined;
}
