// The identity suites' application: the real app (createApp) on PGlite and on PostgreSQL, a test clock,
// e-mail to an in-process SMTP server, SMS to the outbox in a temp DATA_DIR, the human check made easy
// enough to solve in milliseconds (but solved for real).

import { expect, it } from '@jest/globals';
import type { EventStore } from '@binaan/event-store';
import type { ApiConfig } from '../../../apps/api/src/config.js';
import { EVENT_STORE } from '../../../apps/api/src/store/store.tokens.js';
import { Api, type IdentityContext } from '../../support/identity.js';
import { TestClock } from '../../support/clock.js';
import { startTestSmtpServer } from '../../support/smtp-server.js';
import { pgliteConfig, postgresConfig, removeAppData, startApp, TEST_DATABASE_URL } from '../support.js';

export type StoreKind = 'pglite' | 'postgres';
export const STORES: StoreKind[] = ['pglite'];
if (TEST_DATABASE_URL) STORES.push('postgres');
else console.log('identity api e2e on PostgreSQL did not run: TEST_DATABASE_URL is not set (npm test sets it).');

export type RunningApp = IdentityContext & { config: ApiConfig; stop(): Promise<void> };

export async function startIdentityApp(kind: StoreKind): Promise<RunningApp> {
  const smtp = await startTestSmtpServer();
  const env = { SMTP_URL: smtp.url, HUMAN_CHECK_MAX_NUMBER: '1000', NODE_ENV: 'test' };
  const config = kind === 'pglite' ? await pgliteConfig(env) : postgresConfig(env);
  const clock = new TestClock();
  const app = await startApp(config, { now: () => clock.now });
  return {
    app,
    config,
    clock,
    smtp,
    api: new Api(app),
    store: app.get<EventStore>(EVENT_STORE),
    dataDir: config.dataDir,
    async stop() {
      await app.close();
      await smtp.close();
      await removeAppData(config);
    },
  };
}

/** The last test of a suite: no call answered 500 or showed a stack trace, and every refusal carried an error code. */
export function itAnsweredEveryCallWithoutAServerError(running: () => RunningApp | undefined): void {
  it('then no reply was a 500, none showed a stack trace, and every refusal was { success: false, errorCode }', () => {
    const api = running()!.api;
    expect(api.replies.length).toBeGreaterThan(0);
    expect(api.problems()).toEqual([]);
  });
}
