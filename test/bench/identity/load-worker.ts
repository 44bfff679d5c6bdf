/// <reference types="node" />
// The load generator, on a worker thread of its own so that its timers and HTTP parsing do not wait on
// the API's event loop (the API runs on the main thread, PGlite included). Two modes:
// - open: request i is due at start + i / rate, sent then whatever the earlier replies did; its latency
//   runs from that due time to the end of its reply, so queueing anywhere (client, server) shows;
// - closed: `clients` loops, each sending the next request when its reply is in, for a fixed time.

import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

export type LoadPlan =
  | { kind: 'open'; url: string; bodies: readonly string[]; rate: number; durationMs: number; timeoutMs: number }
  | { kind: 'closed'; url: string; bodies: readonly string[]; clients: number; durationMs: number; timeoutMs: number };

export type Sample = {
  /** Due time (open) or send time (closed), ms after the run's start. */
  dueMs: number;
  /** How late the client actually sent it (open loop: timer lag of the generator itself). */
  sendLagMs: number;
  /** From due time to the last byte of the reply. */
  latencyMs: number;
  /** HTTP status; 0 when no reply came (error or time-out). */
  status: number;
  /** 200 and a body saying success with a session token. */
  ok: boolean;
  error?: string;
};

export type LoadResult = { samples: Sample[]; seconds: number; socketsOpened: number };

const plan = workerData as LoadPlan;
const target = new URL(plan.url);
let socketsOpened = 0;
// Idle sockets are closed by the client after 4 s, before the server's 5 s keep-alive timeout, so that no
// request goes out on a socket the server is closing (which would read as ECONNRESET, not the API's doing).
const agent = new Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1024, timeout: 4000 });

function post(body: string): Promise<{ status: number; ok: boolean; error?: string }> {
  return new Promise((resolve) => {
    const req = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: plan.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          let ok = false;
          try {
            const reply = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { success?: unknown; jwtToken?: unknown };
            ok = status === 200 && reply.success === true && typeof reply.jwtToken === 'string' && reply.jwtToken.length > 0;
          } catch {
            ok = false;
          }
          resolve({ status, ok });
        });
        res.on('error', (error: Error) => resolve({ status: 0, ok: false, error: error.message }));
      },
    );
    req.on('socket', (socket) => {
      if (!(socket as { benchCounted?: boolean }).benchCounted) {
        (socket as { benchCounted?: boolean }).benchCounted = true;
        socketsOpened++;
      }
    });
    req.on('timeout', () => req.destroy(new Error(`no reply within ${plan.timeoutMs} ms`)));
    req.on('error', (error: Error) => resolve({ status: 0, ok: false, error: error.message }));
    req.end(body);
  });
}

const sleep = (delay: number) => new Promise<void>((resolve) => setTimeout(resolve, delay));

async function openLoop(p: Extract<LoadPlan, { kind: 'open' }>): Promise<LoadResult> {
  const total = Math.round((p.rate * p.durationMs) / 1000);
  const interval = 1000 / p.rate;
  const start = performance.now() + 20;
  const pending: Promise<Sample>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const sentAt = performance.now();
    pending.push(
      post(p.bodies[i % p.bodies.length]!).then((reply) => ({
        dueMs: due - start,
        sendLagMs: sentAt - due,
        latencyMs: performance.now() - due,
        ...reply,
      })),
    );
  }
  const samples = await Promise.all(pending);
  return { samples, seconds: (performance.now() - start) / 1000, socketsOpened };
}

async function closedLoop(p: Extract<LoadPlan, { kind: 'closed' }>): Promise<LoadResult> {
  const start = performance.now();
  const deadline = start + p.durationMs;
  const samples: Sample[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: p.clients }, async () => {
      while (performance.now() < deadline) {
        const body = p.bodies[next++ % p.bodies.length]!;
        const sentAt = performance.now();
        const reply = await post(body);
        samples.push({ dueMs: sentAt - start, sendLagMs: 0, latencyMs: performance.now() - sentAt, ...reply });
      }
    }),
  );
  return { samples, seconds: (performance.now() - start) / 1000, socketsOpened };
}

const result = plan.kind === 'open' ? await openLoop(plan) : await closedLoop(plan);
agent.destroy();
parentPort?.postMessage(result);
