/// <reference types="node" />
// The live user channel under load: the real API (createApp, as `npm start` builds it) on PostgreSQL in a
// database of the bench's own (created at the start, dropped at the end), 1,000 users each with a session
// and a socket on /api/ws/user (read-only token). Measured in one run:
//   (a) pushes: NotificationRaised events appended to the store (as the notifications reactor records them;
//       16 concurrent appenders, random users, for BENCH_SECONDS), each delivered by the live feed to its
//       user's socket: deliveries per second and latency from the append's commit to the client (p50, p99;
//       target p99 < 200 ms), and from the append's start;
//   (b) beside it, a raw ws echo in the same process: 1,000 sockets on a plain ws server, 16 concurrent
//       senders, round trip per message (ws with nothing else: the floor).
// Clients and server share the machine (2 cores here), as they do for the echo. Run by hand:
// npm run bench:notifications. Env (optional): BENCH_DATABASE_URL (admin URL, default
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS (10), BENCH_SOCKETS (1000).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { EventStore } from '@binaan/event-store';
import { loadConfig } from '@binaan/api/dist/config.js';
import { createApp } from '@binaan/api/dist/create-app.js';
import { SessionService } from '@binaan/api/dist/identity/session.service.js';
import { UserChannel } from '@binaan/api/dist/notifications/user-channel.js';
import { EVENT_STORE } from '@binaan/api/dist/store/store.tokens.js';
import { closedLoop, echoServer, openClients, percentile } from './sockets.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const CONCURRENCY = 16;
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

type Measure = { name: string; delivered: number; sent: number; seconds: number; latencies: number[]; fromStart?: number[] };

function row(m: Measure): string[] {
  const sorted = [...m.latencies].sort((a, b) => a - b);
  const fromStart = m.fromStart ? [...m.fromStart].sort((a, b) => a - b) : null;
  const p99 = percentile(sorted, 99);
  return [
    m.name,
    `${(m.delivered / m.seconds).toFixed(0)}/s`,
    `${m.delivered}/${m.sent}`,
    `${percentile(sorted, 50).toFixed(1)} ms`,
    `${p99.toFixed(1)} ms`,
    fromStart ? `${percentile(fromStart, 99).toFixed(1)} ms` : '',
    m.name.startsWith('Binaan') ? (p99 < 200 ? 'PASS (< 200 ms)' : 'MISS (< 200 ms)') : '',
  ];
}

function printTable(rows: string[][]): void {
  const header = ['measure', 'delivered', 'got/sent', 'p50', 'p99', 'p99 from append start', 'p99 target'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (c: readonly string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

async function main(): Promise<void> {
  log(`${cpus().length} cores, load average ${load()}`);
  const database = `binaan_bench_notifications_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${database}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'binaan-bench-notifications-'));
  const app = await createApp(
    loadConfig({ DATABASE_URL: url.toString(), DATABASE_SCHEMA: 'api', DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'production' }),
    { logger: false },
  );
  const rows: string[][] = [];
  try {
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as { port: number }).port;
    const store = app.get<EventStore>(EVENT_STORE);
    const sessions = app.get(SessionService, { strict: false });
    const channel = app.get(UserChannel, { strict: false });

    log(`API on port ${port}, database ${database}: ${SOCKETS} users with a session each`);
    const users: { userId: string; token: string }[] = Array.from({ length: SOCKETS }, () => ({ userId: randomUUID(), token: '' }));
    let nextUser = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (nextUser < users.length) {
          const at = nextUser++;
          const user = users[at]!;
          await store.append({
            streamId: `user-${user.userId}`,
            streamType: 'user',
            expectedRevision: 'no_stream',
            events: [
              {
                type: 'UserSignedUp',
                data: {
                  userId: user.userId,
                  email: `bench-${at}@bench.invalid`,
                  name: `Bench ${at}`,
                  mobile: `+6019${String(at).padStart(7, '0')}`,
                  passwordHash: 'none',
                  userType: 1,
                  forceChangePassword: false,
                },
              },
              { type: 'UserActivated', data: { via: 'seed' } },
              { type: 'EulaAccepted', data: { version: 99 } },
            ],
          });
          user.token = (await sessions.start(user.userId, null, false, {})).readOnlyJwtToken;
        }
      }),
    );

    // (a) the user channel
    const sentAt = new Map<string, { start: number; committed: number }>();
    const arrivals: { id: string; at: number }[] = [];
    await openClients(
      users.map((u) => `ws://127.0.0.1:${port}/api/ws/user?t=${encodeURIComponent(u.token)}`),
      (_index, text) => {
        const message = JSON.parse(text) as { messageBody?: { id?: string } };
        if (message.messageBody?.id) arrivals.push({ id: message.messageBody.id, at: performance.now() });
      },
    );
    while (channel.connectionCount() < SOCKETS) await sleep(20);
    log(`${channel.connectionCount()} sockets open; load average ${load()}; pushing for ${SECONDS} s from ${CONCURRENCY} appenders`);
    const loadBefore = load();
    const pushed = await closedLoop(SECONDS, CONCURRENCY, async () => {
      const user = users[Math.floor(Math.random() * users.length)]!;
      const id = randomUUID();
      const start = performance.now();
      await store.append({
        streamId: `notifications-${user.userId}`,
        streamType: 'notifications',
        expectedRevision: 'any',
        events: [
          {
            id,
            type: 'NotificationRaised',
            data: {
              notificationId: id,
              userId: user.userId,
              module: 'purchaseOrder',
              src: 'pendingApproval',
              srcId: id,
              sourceEventId: id,
              sourcePosition: 0,
              eventData: {
                document_no: 'PO-BENCH',
                created_by: 'Bench',
                project_id: null,
                project_type: null,
                company_name: null,
                counterparty_company_name: null,
                recipient_company_id: null,
                recipient_company_name: null,
                vendor_document_no: null,
                created_by_seller: false,
                loa_wo_type: null,
                category: 'material',
                doc_description: 'bench',
                resource: 'purchaseOrder',
                status: 'new',
                workflow_event: 'Request_Approve',
                actor_name: null,
                remark: null,
                vendor_name: null,
                tender_no: null,
                tender_id: null,
                tender_invitation_id: null,
              },
            },
          },
        ],
      });
      sentAt.set(id, { start, committed: performance.now() });
    });
    const deadline = Date.now() + 5000;
    while (arrivals.length < pushed && Date.now() < deadline) await sleep(20);
    const latencies: number[] = [];
    const fromStart: number[] = [];
    for (const arrival of arrivals) {
      const sent = sentAt.get(arrival.id);
      if (!sent) continue;
      latencies.push(arrival.at - sent.committed);
      fromStart.push(arrival.at - sent.start);
    }
    rows.push(
      row({
        name: `Binaan user channel, ${SOCKETS} sockets (append -> socket)`,
        delivered: latencies.length,
        sent: pushed,
        seconds: SECONDS,
        latencies,
        fromStart,
      }),
    );
    log(`user channel: ${latencies.length} of ${pushed} delivered; load average ${loadBefore} -> ${load()}`);
    await app.close();

    // (b) the raw ws echo, same machine, same number of sockets and senders
    const echo = await echoServer();
    const pending = new Map<number, number>();
    const echoed: number[] = [];
    const waiters = new Map<number, () => void>();
    const clients = await openClients(
      users.map(() => `ws://127.0.0.1:${echo.port}`),
      (_index, text) => {
        const n = Number(text);
        const start = pending.get(n);
        if (start !== undefined) echoed.push(performance.now() - start);
        waiters.get(n)?.();
      },
    );
    log(`raw ws echo: ${clients.length} sockets open; load average ${load()}`);
    const echoSent = await closedLoop(SECONDS, CONCURRENCY, async (n) => {
      const socket = clients[Math.floor(Math.random() * clients.length)]!;
      await new Promise<void>((resolve) => {
        waiters.set(n, resolve);
        pending.set(n, performance.now());
        socket.send(String(n));
      });
      waiters.delete(n);
    });
    rows.push(
      row({
        name: `raw ws echo, ${SOCKETS} sockets (round trip)`,
        delivered: echoed.length,
        sent: echoSent,
        seconds: SECONDS,
        latencies: echoed,
      }),
    );
    for (const client of clients) client.terminate();
    await echo.close();
  } finally {
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)).catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log('');
  printTable(rows);
  console.log(`\n${cpus().length} cores; load average at the end ${load()}`);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
