/// <reference types="node" />
// autocannon on a worker thread of its own, so that generating the load and parsing the replies do not
// queue behind the API on the main thread's event loop. Every reply's body is read: a verification only
// counts as answered when it says what the QR should get (genuine, or not genuine for the expected reason).
import autocannon, { type Result } from 'autocannon';
import { workerData, type MessagePort } from 'node:worker_threads';

export type CannonPlan = { url: string; path: string; body: string; connections: number; seconds: number; expectGenuine: boolean };
/** The plan and the port the outcome goes back on (autocannon itself talks on parentPort inside a worker). */
export type CannonWorkerData = { plan: CannonPlan; reply: MessagePort };
export type CannonOutcome = { result: Omit<Result, 'requests'> & { requests: Result['requests'] }; expected: number; unexpected: number; firstUnexpected: string | null };

const { plan, reply } = workerData as CannonWorkerData;
let expected = 0;
let unexpected = 0;
let firstUnexpected: string | null = null;

// Inside a worker thread autocannon answers its raw, per-worker counts; aggregateResult makes the usual
// result (latency percentiles, requests per second) of them, as autocannon's own workers mode does.
const aggregate = (autocannon as unknown as { aggregateResult(results: unknown[], opts: object): Result }).aggregateResult;
const options = { url: plan.url, connections: plan.connections, duration: plan.seconds };

const instance = autocannon(
  {
    url: plan.url, connections: plan.connections, duration: plan.seconds, timeout: 30,
    requests: [{
      method: 'POST', path: plan.path, headers: { 'content-type': 'application/json' }, body: plan.body,
      onResponse: (status: number, body: string) => {
        const ok = status === 200 && body.includes(plan.expectGenuine ? '"genuine":true' : '"genuine":false');
        if (ok) expected += 1;
        else {
          unexpected += 1;
          firstUnexpected ??= `${status} ${body.slice(0, 300)}`;
        }
      },
    }],
  },
  (error, result) => {
    if (error) throw error;
    reply.postMessage({ result: JSON.parse(JSON.stringify(aggregate([result], options))) as Result, expected, unexpected, firstUnexpected } satisfies CannonOutcome);
    reply.close();
  },
);
void instance;
