// Which driver errors are "the database is not there now" (StoreUnavailable, the API's 503) and which are
// the statement's own fault (passed through, so a unique violation still reads as one). Then, on the run's
// PostgreSQL (TEST_DATABASE_URL), the real thing: our own backend ended in the middle of a transaction and
// between two statements of one, and the LISTEN connection ended; nothing crashes, the caller hears
// StoreUnavailable, and the pool and the channel carry on. Only this test's own backends are ended. And a
// client that reports a lost connection while the pool hands it to a waiting caller (which ended the API
// process in the store-outage drill): no unhandled error, and the caller works on another connection.

import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { StoreUnavailable } from '../errors.js';
import { asStoreError, isConnectionLoss } from './connection-loss.js';
import { PostgresDatabase } from './postgres-database.js';

const url = process.env.TEST_DATABASE_URL;
if (!url) console.log('the PostgreSQL connection-loss specs did not run: TEST_DATABASE_URL is not set (npm test sets it).');

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('connection loss', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a backend terminated by an administrator', withCode('terminating connection due to administrator command', '57P01')],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['our statement timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['the driver losing the connection', new Error('Connection terminated unexpectedly')],
    ['the pool giving up waiting', new Error('timeout exceeded when trying to connect')],
    ['the client-side read timeout', new Error('Query read timeout')],
    ['a client that lost its connection earlier', new Error('Client has encountered a connection error and is not queryable')],
    ['every address refused', Object.assign(new AggregateError([withCode('x', 'ECONNREFUSED'), withCode('y', 'ECONNREFUSED')]), {})],
  ])('%s is StoreUnavailable', (_, error) => {
    expect(isConnectionLoss(error)).toBe(true);
    const mapped = asStoreError(error);
    expect(mapped).toBeInstanceOf(StoreUnavailable);
    expect((mapped as StoreUnavailable).code).toBe('storeUnavailable');
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "SELEC"', '42601')],
    ['a serialization failure', withCode('could not serialize access', '40001')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
  ])('%s passes through unchanged', (_, error) => {
    expect(isConnectionLoss(error)).toBe(false);
    expect(asStoreError(error)).toBe(error);
  });
});

(url ? describe : describe.skip)(
  `PostgreSQL: our own connection ended${url ? '' : ' (skipped: needs TEST_DATABASE_URL, which npm test sets)'}`,
  () => {
    const admin = async (text: string, params: unknown[]) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(text, params)).rows as Record<string, unknown>[];
      } finally {
        await client.end();
      }
    };

    it('mid-statement and between statements of a transaction: StoreUnavailable, the pool replaces the client, the next query answers', async () => {
      const db = await PostgresDatabase.open({ connectionString: url!, maxConnections: 2 });
      try {
        // Ended while a statement runs.
        const during = db.transaction(async (tx) => {
          const pid = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;
          setTimeout(() => void admin('SELECT pg_terminate_backend($1)', [pid]), 100);
          await tx.query('SELECT pg_sleep(5)');
        });
        await expect(during).rejects.toBeInstanceOf(StoreUnavailable);
        // Ended while the transaction waits between two statements (no query active: the client emits
        // 'error', which crashed the process when nobody listened).
        const between = db.transaction(async (tx) => {
          const pid = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;
          await admin('SELECT pg_terminate_backend($1)', [pid]);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.query('SELECT 1');
        });
        await expect(between).rejects.toBeInstanceOf(StoreUnavailable);
        // Both broken clients were destroyed: every later query gets a working connection.
        for (let i = 0; i < 4; i++) expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
        expect(await db.transaction((tx) => tx.query<{ two: number }>('SELECT 2 AS two'))).toEqual([{ two: 2 }]);
      } finally {
        await db.close();
      }
    });

    it('a client lost while the pool hands it to a waiting caller: no unhandled error, the caller gets another connection, the lost one is dropped', async () => {
      const db = await PostgresDatabase.open({ connectionString: url!, maxConnections: 1 });
      try {
        // The pool's idle listener comes off the client before the waiting caller's code runs again; the
        // error is sent right then, as a "terminating connection" read in the same chunk as the reply that
        // freed the client would be.
        let armed = false;
        db.pool.on('acquire', (client) => {
          if (!armed) return;
          armed = false;
          const removeListener = client.removeListener.bind(client);
          client.removeListener = ((event: string, listener: (...args: unknown[]) => void) => {
            removeListener(event, listener);
            if (event === 'error') {
              client.removeListener = removeListener;
              client.emit('error', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
            }
            return client;
          }) as typeof client.removeListener;
        });
        const pid = (tx: { query<R extends object>(text: string): Promise<R[]> }) =>
          tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid').then((rows) => rows[0]!.pid);
        let waiting: Promise<number> | null = null;
        const first = db.transaction(async (tx) => {
          // The only connection is held: the second caller waits for it, and gets it as this one ends.
          waiting = db.transaction(pid);
          armed = true;
          return pid(tx);
        });
        const firstPid = await first;
        expect(firstPid).toBeGreaterThan(0);
        const secondPid = await waiting!;
        expect(secondPid).not.toBe(firstPid);
        expect(await db.query<{ three: number }>('SELECT 3 AS three')).toEqual([{ three: 3 }]);
      } finally {
        await db.close();
      }
    }, 20_000);

    it('a statement over the statement timeout is StoreUnavailable, and maintenance transactions have none', async () => {
      const db = await PostgresDatabase.open({ connectionString: url!, statementTimeoutMs: 200 });
      try {
        await expect(db.query('SELECT pg_sleep(1)')).rejects.toBeInstanceOf(StoreUnavailable);
        await expect(db.maintenance((tx) => tx.query('SELECT pg_sleep(0.4) AS slept'))).resolves.toHaveLength(1);
      } finally {
        await db.close();
      }
    });

    it('a server that is not there: StoreUnavailable within the connect timeout', async () => {
      const started = Date.now();
      await expect(
        PostgresDatabase.open({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectTimeoutMs: 1000 }),
      ).rejects.toBeInstanceOf(StoreUnavailable);
      expect(Date.now() - started).toBeLessThan(10_000);
    });

    it('the LISTEN connection ended: listened again, told once that some notices may be missed, and hears the next', async () => {
      const schema = `listen_${randomBytes(5).toString('hex')}`;
      const here = await PostgresDatabase.open({ connectionString: url!, schema });
      const peer = await PostgresDatabase.open({ connectionString: url!, schema });
      const heard: (readonly string[] | undefined)[] = [];
      const stop = await here.changeChannel.listen((types) => heard.push(types));
      try {
        const channel = `binaan_events_${schema}`;
        const ended = await admin(`SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE query = $1`, [
          `LISTEN "${channel}"`,
        ]);
        expect(ended).toEqual([{ ended: true }]);
        // Listened again (after about a second): the "you may have missed some" call comes, then a peer's notice.
        for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(heard).toEqual([undefined]);
        await peer.changeChannel.notify(['tender']);
        for (let i = 0; i < 50 && heard.length === 1; i++) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(heard).toEqual([undefined, ['tender']]);
      } finally {
        await stop();
        await here.maintenance((tx) => tx.script(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
        await here.close();
        await peer.close();
      }
    });
  },
);
