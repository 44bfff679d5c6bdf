// `npm run store -- <verb>`: look after the event store of the configured environment (the same
// variables as the api: DATA_DIR, DATABASE_URL, EVENTSTORE_URL).
//   rebuild  replay the whole log into fresh read-model tables (SQL stores)
//   verify   check every stream's hash chain; exits 1 when one is broken, naming stream and revision
//   stats    events, streams and last position, by stream type
//   backup <file>   the whole log (and subscription checkpoints) to a gzip'd file (store-backup.ts)
//   restore <file>  that file into an empty store, then every chain verified and the read models rebuilt
//   keys-backup <file>   the persons' data keys (wrapped) to their own file: keep it apart from the events
//   keys-restore <file>  those keys back (before `restore`, so the rebuilt read models can open them)
//   rewrap-keys     after a master key rotation: every data key wrapped under PERSONAL_DATA_MASTER_KEY
//   migrate-lookup-keys  a store made before issue 31: streams keyed by e-mail hashes or mobile digits move to HMAC ids
//   forget <userId> --reason <text>   forget a person: their key destroyed, an event records it, read models rebuilt
// Run it with the api stopped when the store is PGlite: its data directory takes one process.

import { resolve } from 'node:path';
import { SqlEventStore, SqlPersonalKeyStore, type ChainVerification, type EventStore, type SqlDatabase } from '@binaan/event-store';
import { loadConfig } from '../config.js';
import { openConfiguredStore } from '../store/open-configured-store.js';
import { progressBar } from './progress.js';
import { backupStore, BackupRefused, restoreStore } from './store-backup.js';
import { backupKeys, restoreKeys } from './key-backup.js';
import { forgetPerson, reapplyForgets } from '../personal-data/forget-person.js';
import { personalDataDeclarations } from '../personal-data/declarations.js';
import { lookupKeysFor } from '../personal-data/personal-data-codec.js';
import type { LookupKeys } from '../personal-data/lookup-keys.js';
import { migrateLookupKeys } from '../personal-data/migrate-lookup-keys.js';

let lookup: LookupKeys;
import type { PersonalKeyStore } from '@binaan/event-store';

const USAGE = 'usage: npm run store -- <rebuild | verify | stats | backup <file> | restore <file> | keys-backup <file> | keys-restore <file> | rewrap-keys | forget <userId> --reason <text> | migrate-lookup-keys>';

async function rebuild(store: EventStore): Promise<number> {
  if (!(store instanceof SqlEventStore)) {
    console.error('rebuild works on the SQL stores; on KurrentDB the read models follow their subscription.');
    return 2;
  }
  const bar = progressBar('rebuild');
  const started = Date.now();
  const result = await store.rebuild((done, total) => bar.update(done, total));
  bar.stop();
  console.log(`Rebuilt ${result.projections.join(', ') || 'no projections'} from ${result.events} events in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return 0;
}

async function verify(store: EventStore): Promise<number> {
  const { streams: total } = await store.stats();
  const bar = progressBar('verify');
  const broken: ChainVerification[] = [];
  let streams = 0;
  let events = 0;
  for (let after = ''; ; ) {
    const page = await store.listStreams(after, 500);
    for (const streamId of page) {
      const result = await store.verifyStream(streamId);
      streams++;
      events += result.eventsChecked;
      if (!result.ok) broken.push(result);
      bar.update(streams, total);
    }
    if (page.length < 500) break;
    after = page[page.length - 1]!;
  }
  bar.stop();
  for (const result of broken) console.log(`BROKEN ${result.streamId} at revision ${result.firstBadRevision}: ${result.reason}`);
  console.log(`Verified ${streams} streams, ${events} events: ${broken.length === 0 ? 'every chain is intact' : `${broken.length} broken`}.`);
  return broken.length === 0 ? 0 : 1;
}

async function stats(store: EventStore): Promise<number> {
  const result = await store.stats();
  console.log(`store ${result.store}: ${result.events} events in ${result.streams} streams, last position ${result.lastPosition}`);
  const width = Math.max(11, ...result.byStreamType.map((row) => row.streamType.length));
  console.log(`${'stream type'.padEnd(width)}  ${'streams'.padStart(9)}  ${'events'.padStart(10)}`);
  for (const row of result.byStreamType) {
    console.log(`${row.streamType.padEnd(width)}  ${String(row.streams).padStart(9)}  ${String(row.events).padStart(10)}`);
  }
  return 0;
}

/** The file argument of backup and restore, relative to where `npm run` was called from. */
function fileArgument(): string {
  const file = process.argv[3];
  if (!file) throw new BackupRefused(`a file is needed: ${USAGE}`);
  return resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

async function backup(store: EventStore): Promise<number> {
  if (!(store instanceof SqlEventStore)) throw new BackupRefused('backup works on the SQL stores (PGlite, PostgreSQL); back KurrentDB up with its own tools');
  const file = fileArgument();
  const { events: total } = await store.stats();
  const bar = progressBar('backup');
  const started = Date.now();
  const result = await backupStore(store.db, file, (done) => bar.update(done, total));
  bar.stop();
  console.log(`Backed up ${result.events} events in ${result.streams} streams and ${result.checkpoints} checkpoints (last position ${result.lastPosition}) to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  console.log('Secrets (DATA_DIR/secrets.json or the environment) are not in the file: keep them apart.');
  return 0;
}

async function restore(store: EventStore, keys?: PersonalKeyStore): Promise<number> {
  if (!(store instanceof SqlEventStore)) throw new BackupRefused('restore works on the SQL stores (PGlite, PostgreSQL)');
  const file = fileArgument();
  const bar = progressBar('restore');
  const result = await restoreStore(store.db, file, (done) => bar.update(done, done));
  bar.stop();
  console.log(`Restored ${result.events} events in ${result.streams} streams and ${result.checkpoints} checkpoints from ${file}.`);
  const verified = await verify(store);
  if (verified !== 0) return verified;
  if (keys) {
    const again = await reapplyForgets(store, keys);
    if (again > 0) console.log(`Forgot again ${again} person(s) the log records as forgotten (their keys were in the key backup).`);
  }
  return rebuild(store);
}

/** The database the keys are in: the events' on the SQL stores, their own beside KurrentDB. */
function keysDatabase(keys: PersonalKeyStore | undefined, verb: string): SqlDatabase {
  if (!(keys instanceof SqlPersonalKeyStore)) throw new BackupRefused(`${verb} needs a store that seals personal data`);
  return keys.db;
}

async function keysBackup(_store: EventStore, keys?: PersonalKeyStore): Promise<number> {
  const file = fileArgument();
  const count = await backupKeys(keysDatabase(keys, 'keys-backup'), file);
  console.log(`Backed up ${count} personal data keys (wrapped by the master key) to ${file}. Keep it apart from the events backup, and the master key apart from both.`);
  return 0;
}

async function keysRestore(_store: EventStore, keys?: PersonalKeyStore): Promise<number> {
  const file = fileArgument();
  const count = await restoreKeys(keysDatabase(keys, 'keys-restore'), file);
  console.log(`Restored ${count} personal data keys from ${file}.`);
  return 0;
}

async function rewrapKeys(_store: EventStore, keys?: PersonalKeyStore): Promise<number> {
  if (!keys || !('rewrapAll' in keys)) throw new BackupRefused('rewrap-keys works on the SQL stores (PGlite, PostgreSQL)');
  const moved = await (keys as { rewrapAll(): Promise<number> }).rewrapAll();
  console.log(`Re-wrapped ${moved} personal data keys under the current master key.`);
  return 0;
}

async function forget(store: EventStore, keys?: PersonalKeyStore): Promise<number> {
  const subjectId = process.argv[3];
  const reasonAt = process.argv.indexOf('--reason');
  const reason = reasonAt > 0 ? (process.argv[reasonAt + 1] ?? '').trim() : '';
  if (!subjectId || subjectId.startsWith('--') || !reason) throw new BackupRefused(`a user id and a reason are needed: ${USAGE}`);
  if (!keys) throw new BackupRefused('forget needs a store that seals personal data');
  const { keyDestroyed, subjects, rebuilt } = await forgetPerson(store, keys, lookup, { subjectId, reason, byUserId: null, via: 'store-cli' }, Object.keys(personalDataDeclarations(lookup)));
  console.log(keyDestroyed ? `Forgot ${subjectId} (${subjects.length} key(s)): destroyed, the erasure recorded, ${rebuilt.join(', ') || 'no read model'} rebuilt.` : `${subjectId} held no key (never sealed anything, or forgotten already): the request is recorded.`);
  return 0;
}

async function migrateLookups(store: EventStore): Promise<number> {
  if (!(store instanceof SqlEventStore)) throw new BackupRefused('migrate-lookup-keys works on the SQL stores (PGlite, PostgreSQL)');
  const result = await migrateLookupKeys(store, lookup);
  console.log(`Moved ${result.moved.from} stream(s) keyed by an e-mail hash or mobile digits to their HMAC ids (${result.events} events copied); the old streams are deleted and the read models rebuilt.`);
  return verify(store);
}

const verbs: Record<string, (store: EventStore, keys?: PersonalKeyStore) => Promise<number>> = {
  rebuild, verify, stats, backup, restore, 'keys-backup': keysBackup, 'keys-restore': keysRestore, 'rewrap-keys': rewrapKeys, forget, 'migrate-lookup-keys': migrateLookups,
};
const NEEDS_FILE = new Set(['backup', 'restore', 'keys-backup', 'keys-restore']);

async function main(): Promise<number> {
  const verb = verbs[process.argv[2] ?? ''];
  if (!verb) {
    console.error(USAGE);
    return 2;
  }
  if (NEEDS_FILE.has(process.argv[2]!) && !process.argv[3]) {
    console.error(`store: a file is needed: ${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  lookup = lookupKeysFor(config);
  const { store, keys } = await openConfiguredStore(config);
  try {
    return await verb(store, keys);
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`store: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(error instanceof BackupRefused ? 2 : 1);
  },
);
