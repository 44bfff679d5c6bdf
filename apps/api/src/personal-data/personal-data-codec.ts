// The personal data codec the api opens its store with, for the tools that open a store's database
// themselves (drills, checks): without it they would read the sealed fields as they are stored.

import { FieldPersonalDataCodec, masterKeyFrom, SqlPersonalKeyStore, type SqlDatabase } from '@binaan/event-store';
import type { ApiConfig } from '../config.js';
import { loadSecrets } from '../common/secrets.js';
import { personalDataDeclarations } from './declarations.js';
import { LookupKeys } from './lookup-keys.js';

/** The master keys in order: the current one wraps new data keys, the previous ones still open old keys. */
export function personalDataMasterKeys(config: ApiConfig): string[] {
  return [loadSecrets(config).personalDataMasterKey, ...config.personalDataPreviousMasterKeys];
}

export function personalDataCodecFor(config: ApiConfig, db: SqlDatabase): FieldPersonalDataCodec {
  return new FieldPersonalDataCodec(
    personalDataDeclarations(lookupKeysFor(config)),
    new SqlPersonalKeyStore(db, personalDataMasterKeys(config).map(masterKeyFrom)),
  );
}

/** The e-mail and mobile lookup keys under the configured LOOKUP_HMAC_KEY (or the one kept in DATA_DIR). */
export function lookupKeysFor(config: ApiConfig): LookupKeys {
  return new LookupKeys(loadSecrets(config).lookupHmacKey);
}
