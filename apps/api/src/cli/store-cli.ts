// `npm run store -- <verb>`: look after the event store of the configured environment (the same
// variables as the api: DATA_DIR, DATABASE_URL, EVENTSTORE_URL).
//   rebuild  replay the whole log into fresh read-model tables (SQL stores)
//   verify   check every stream's hash chain and every signed checkpoint of the transparency log; exits 1
//            when one is broken, naming stream and revision (or event and checkpoint)
//   stats    events, streams and last position, by stream type
//   backup <file>   the whole log (and subscription checkpoints) to a gzip'd file (store-backup.ts)
//   restore <file>  that file into an empty store, then every chain verified and the read models rebuilt
//   keys-backup <file>   the persons' data keys (wrapped) to their own file: keep it apart from the events
//   keys-restore <file>  those keys back (before `restore`, so the rebuilt read models can open them)
//   rewrap-keys     after a master key rotation: every data key wrapped under PERSONAL_DATA_MASTER_KEY
//   migrate-lookup-keys  a store made before HMAC lookup ids: streams keyed by e-mail hashes or mobile digits move to HMAC ids
//   forget <userId> --reason <text>   forget a person: their key destroyed, an event records it, read models rebuilt
//   create-admin <email> [--name "<full name>"] [--force]   a platform administrator, activated by the set-password
//                   link it e-mails (create-admin.ts); refused when one exists unless --force. No password is printed
// Run it with the api stopped when the store is PGlite: its data directory takes one process.
// The commands are in store-commands.ts; this file runs one and exits with its code.

import { runStoreCli } from './store-commands.js';

// runStoreCli answers every failure with its exit code (1, or 2 when refused): it never rejects.
void runStoreCli(process.argv.slice(2)).then((code) => process.exit(code));
