// The store CLI's commands (`npm run store -- <verb>`) run in the test's process: runStoreCli, which the built
// CLI runs, with the same environment, exit code and lines. For the cases that are about what a command does,
// not about the process, without starting Node and loading the app's modules again for each.

import { Writable } from 'node:stream';
import type { ApiConfig } from '../../apps/api/src/config.js';
import { runStoreCli } from '../../apps/api/src/cli/store-commands.js';

export type CliResult = { status: number | null; output: string };

/** The test's environment with the variables that name a test app's store, data folder, mail server and address. */
export const cliEnv = (config: ApiConfig): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_DIR: config.dataDir,
  DATABASE_URL: config.databaseUrl ?? '',
  DATABASE_SCHEMA: config.databaseSchema ?? '',
  SMTP_URL: config.smtpUrl ?? '',
  PUBLIC_URL: config.publicUrl,
});

/** One command on the configuration's store: its exit code, and every line it wrote (progress bars too). */
export async function storeCliHere(config: ApiConfig, ...args: string[]): Promise<CliResult> {
  let output = '';
  const progress = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      output += String(chunk);
      done();
    },
  });
  const line = (text: string) => void (output += `${text}\n`);
  const status = await runStoreCli(args, cliEnv(config), { log: line, error: line, progress });
  return { status, output };
}
