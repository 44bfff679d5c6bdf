// The store CLI's commands (`npm run store -- <verb>`: store-cli.ts lists them and runs them as a process of
// their own), callable inside another process too: a test that is not about the process runs them in its
// own, with the same exit codes and lines, and saves starting Node and loading the app's modules again.

import { access, constants, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  SqlEventStore,
  SqlPersonalKeyStore,
  type ChainVerification,
  type EventStore,
  type PersonalKeyStore,
  type SqlDatabase,
} from '@binaan/event-store';
import { loadConfig, type ApiConfig } from '../config.js';
import { openConfiguredStore } from '../store/open-configured-store.js';
import { progressBar, type ProgressStream } from './progress.js';
import { backupStore, BackupRefused, restoreStore } from './store-backup.js';
import { backupKeys, restoreKeys } from './key-backup.js';
import { forgetPerson, reapplyForgets } from '../personal-data/forget-person.js';
import { personalDataDeclarations } from '../personal-data/declarations.js';
import { lookupKeysFor } from '../personal-data/personal-data-codec.js';
import type { LookupKeys } from '../personal-data/lookup-keys.js';
import { migrateLookupKeys } from '../personal-data/migrate-lookup-keys.js';
import { createAdmin, CREATE_ADMIN_USAGE } from './create-admin.js';
import { verifyCheckpoints } from '../transparency-log/verify-checkpoints.js';

export const USAGE = `usage: npm run store -- <rebuild | verify | stats | backup <file> | restore <file> | keys-backup <file> | keys-restore <file> | rewrap-keys | forget <userId> --reason <text> | migrate-lookup-keys | ${CREATE_ADMIN_USAGE}>`;

/** Where a command's lines go: the console when run as a process (store-cli.ts), a buffer when a test runs it in its own. */
export type StoreCliOutput = { log(line: string): void; error(line: string): void; progress: ProgressStream };

/** What a verb works with: the opened store, its arguments (the verb first), the environment, its configuration and the output. */
type Run = {
  store: EventStore;
  keys?: PersonalKeyStore;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  config: ApiConfig;
  out: StoreCliOutput;
  lookup: LookupKeys;
};

async function rebuild({ store, out }: Run): Promise<number> {
  if (!(store instanceof SqlEventStore)) {
    out.error('rebuild works on the SQL stores; on KurrentDB the read models follow their subscription.');
    return 2;
  }
  const bar = progressBar('rebuild', out.progress);
  const started = Date.now();
  const result = await store.rebuild((done, total) => bar.update(done, total));
  bar.stop();
  out.log(
    `Rebuilt ${result.projections.join(', ') || 'no projections'} from ${result.events} events in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return 0;
}

async function verify({ store, out }: Run): Promise<number> {
  const { streams: total } = await store.stats();
  const bar = progressBar('verify', out.progress);
  const broken: ChainVerification[] = [];
  let streams = 0;
  let events = 0;
  for (let after = ''; ;) {
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
  for (const result of broken) out.log(`BROKEN ${result.streamId} at revision ${result.firstBadRevision}: ${result.reason}`);
  out.log(`Verified ${streams} streams, ${events} events: ${broken.length === 0 ? 'every chain is intact' : `${broken.length} broken`}.`);
  // The transparency log's signed checkpoints (SQL stores: KurrentDB has none).
  let checkpointProblems = 0;
  if (store instanceof SqlEventStore) {
    const result = await verifyCheckpoints(store.db, (line) => out.log(line));
    for (const problem of result.problems) out.log(`BROKEN ${problem}`);
    out.log(
      `Verified ${result.checked} checkpoints: ${result.problems.length === 0 ? 'every one holds' : `${result.problems.length} problem(s)`}.`,
    );
    checkpointProblems = result.problems.length;
  }
  return broken.length === 0 && checkpointProblems === 0 ? 0 : 1;
}

async function stats({ store, out }: Run): Promise<number> {
  const result = await store.stats();
  out.log(`store ${result.store}: ${result.events} events in ${result.streams} streams, last position ${result.lastPosition}`);
  const width = Math.max(11, ...result.byStreamType.map((row) => row.streamType.length));
  out.log(`${'stream type'.padEnd(width)}  ${'streams'.padStart(9)}  ${'events'.padStart(10)}`);
  for (const row of result.byStreamType) {
    out.log(`${row.streamType.padEnd(width)}  ${String(row.streams).padStart(9)}  ${String(row.events).padStart(10)}`);
  }
  return 0;
}

/** The file argument of backup and restore, relative to where `npm run` was called from. */
function fileArgument({ args, env }: Run): string {
  const file = args[1];
  if (!file) throw new BackupRefused(`a file is needed: ${USAGE}`);
  return resolve(env.INIT_CWD ?? process.cwd(), file);
}

/** The file a restore reads: refused (exit 2) when it is not a readable file, before the store is touched (a read stream's ENOENT was an unhandled error). */
async function fileToRead(run: Run): Promise<string> {
  const file = fileArgument(run);
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) throw new BackupRefused(`no file to read at ${file}`);
  await access(file, constants.R_OK).catch(() => {
    throw new BackupRefused(`${file} cannot be read`);
  });
  return file;
}

async function backup(run: Run): Promise<number> {
  const { store, out } = run;
  if (!(store instanceof SqlEventStore))
    throw new BackupRefused('backup works on the SQL stores (PGlite, PostgreSQL); back KurrentDB up with its own tools');
  const file = fileArgument(run);
  const { events: total } = await store.stats();
  const bar = progressBar('backup', out.progress);
  const started = Date.now();
  const result = await backupStore(store.db, file, (done) => bar.update(done, total));
  bar.stop();
  out.log(
    `Backed up ${result.events} events in ${result.streams} streams and ${result.checkpoints} checkpoints (last position ${result.lastPosition}) to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  out.log('Secrets (DATA_DIR/secrets.json or the environment) are not in the file: keep them apart.');
  return 0;
}

async function restore(run: Run): Promise<number> {
  const { store, keys, out } = run;
  if (!(store instanceof SqlEventStore)) throw new BackupRefused('restore works on the SQL stores (PGlite, PostgreSQL)');
  const file = await fileToRead(run);
  const bar = progressBar('restore', out.progress);
  const result = await restoreStore(store.db, file, (done) => bar.update(done, done));
  bar.stop();
  out.log(`Restored ${result.events} events in ${result.streams} streams and ${result.checkpoints} checkpoints from ${file}.`);
  const verified = await verify(run);
  if (verified !== 0) return verified;
  if (keys) {
    const again = await reapplyForgets(store, keys);
    if (again > 0) out.log(`Forgot again ${again} person(s) the log records as forgotten (their keys were in the key backup).`);
  }
  return rebuild(run);
}

/** The database the keys are in: the events' on the SQL stores, their own beside KurrentDB. */
function keysDatabase(keys: PersonalKeyStore | undefined, verb: string): SqlDatabase {
  if (!(keys instanceof SqlPersonalKeyStore)) throw new BackupRefused(`${verb} needs a store that seals personal data`);
  return keys.db;
}

async function keysBackup(run: Run): Promise<number> {
  const { keys, out } = run;
  const file = fileArgument(run);
  const count = await backupKeys(keysDatabase(keys, 'keys-backup'), file);
  out.log(
    `Backed up ${count} personal data keys (wrapped by the master key) to ${file}. Keep it apart from the events backup, and the master key apart from both.`,
  );
  return 0;
}

async function keysRestore(run: Run): Promise<number> {
  const { keys, out } = run;
  const file = await fileToRead(run);
  const count = await restoreKeys(keysDatabase(keys, 'keys-restore'), file);
  out.log(`Restored ${count} personal data keys from ${file}.`);
  return 0;
}

async function rewrapKeys({ keys, out }: Run): Promise<number> {
  if (!keys || !('rewrapAll' in keys)) throw new BackupRefused('rewrap-keys works on the SQL stores (PGlite, PostgreSQL)');
  const moved = await (keys as { rewrapAll(): Promise<number> }).rewrapAll();
  out.log(`Re-wrapped ${moved} personal data keys under the current master key.`);
  return 0;
}

async function forget({ store, keys, args, out, lookup }: Run): Promise<number> {
  const subjectId = args[1];
  const reasonAt = args.indexOf('--reason');
  const reason = reasonAt > 0 ? (args[reasonAt + 1] ?? '').trim() : '';
  if (!subjectId || subjectId.startsWith('--') || !reason) throw new BackupRefused(`a user id and a reason are needed: ${USAGE}`);
  if (!keys) throw new BackupRefused('forget needs a store that seals personal data');
  const { keyDestroyed, subjects, rebuilt } = await forgetPerson(
    store,
    keys,
    lookup,
    { subjectId, reason, byUserId: null, via: 'store-cli' },
    Object.keys(personalDataDeclarations(lookup)),
  );
  out.log(
    keyDestroyed
      ? `Forgot ${subjectId} (${subjects.length} key(s)): destroyed, the erasure recorded, ${rebuilt.join(', ') || 'no read model'} rebuilt.`
      : `${subjectId} held no key (never sealed anything, or forgotten already): the request is recorded.`,
  );
  return 0;
}

async function migrateLookups(run: Run): Promise<number> {
  const { store, out, lookup } = run;
  if (!(store instanceof SqlEventStore)) throw new BackupRefused('migrate-lookup-keys works on the SQL stores (PGlite, PostgreSQL)');
  const result = await migrateLookupKeys(store, lookup);
  out.log(
    `Moved ${result.moved.from} stream(s) keyed by an e-mail hash or mobile digits to their HMAC ids (${result.events} events copied); the old streams are deleted and the read models rebuilt.`,
  );
  return verify(run);
}

const verbs: Record<string, (run: Run) => Promise<number>> = {
  rebuild,
  verify,
  stats,
  backup,
  restore,
  'keys-backup': keysBackup,
  'keys-restore': keysRestore,
  'rewrap-keys': rewrapKeys,
  forget,
  'migrate-lookup-keys': migrateLookups,
  'create-admin': createAdmin,
};
const NEEDS_FILE = new Set(['backup', 'restore', 'keys-backup', 'keys-restore']);

/**
 * One command, as `npm run store -- <args>` runs it: the exit code it ends with (0 done, 1 failed or a
 * chain broken, 2 refused or misused), its lines written to `out`.
 */
export async function runStoreCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  out: StoreCliOutput = consoleOutput,
): Promise<number> {
  try {
    const verb = verbs[args[0] ?? ''];
    if (!verb) {
      out.error(USAGE);
      return 2;
    }
    if (NEEDS_FILE.has(args[0]!) && !args[1]) {
      out.error(`store: a file is needed: ${USAGE}`);
      return 2;
    }
    const config = loadConfig(env);
    const lookup = lookupKeysFor(config);
    const { store, keys } = await openConfiguredStore(config);
    try {
      return await verb({ store, ...(keys ? { keys } : {}), args, env, config, out, lookup });
    } finally {
      await store.close();
    }
  } catch (error) {
    out.error(`store: ${error instanceof Error ? error.message : String(error)}`);
    return error instanceof BackupRefused ? 2 : 1;
  }
}

const consoleOutput: StoreCliOutput = { log: (line) => console.log(line), error: (line) => console.error(line), progress: process.stderr };
