/// <reference types="node" />
// A load generator in a process of its own (the benches' cannon-process.ts files): forked, given its plan,
// and its one reply awaited, so that generating the load and reading the replies neither queue behind the
// API on an event loop nor count in the API's CPU time.
import { fork } from 'node:child_process';

export function runForked<Plan, Outcome>(module: URL, plan: Plan): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = fork(module);
    child.once('message', (outcome: Outcome) => resolve(outcome));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`the load generator exited with ${code}`))));
    child.send(plan as object);
  });
}
