// Helpers for the tests that run the built API as a cluster of processes (API_WORKERS): calls on
// connections of their own, so node:cluster hands consecutive calls to the workers in turn.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { REPOSITORY } from './support.js';

export const MAIN = join(REPOSITORY, 'apps/api/dist/main.js');

export type Reply = { status: number; body: Record<string, unknown>; headers: Record<string, string | string[] | undefined> };

/** One call on a connection of its own (no keep-alive), so the cluster picks the next worker for it. */
export function call(
  port: number,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          connection: 'close',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        // A page that is not JSON (nginx's own 404) has an empty body here; its status says what it was.
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text.startsWith('{') || text.startsWith('[') ? (JSON.parse(text) as Record<string, unknown>) : {},
            headers: res.headers,
          }),
        );
      },
    );
    req.on('error', reject);
    req.setTimeout(20_000, () => req.destroy(new Error(`${method} ${path}: no reply in 20 s`)));
    req.end(payload);
  });
}

export function started(child: ChildProcess, ms = 180_000): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`not running within ${ms} ms: ${output.slice(-2000)}`)), ms);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Binaan is running at http:\/\/[^:]+:(\d+) \(store: PostgreSQL\), 2 API processes/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`exited (${code}) before running: ${output.slice(-2000)}`)));
  });
}

/** The processes whose parent is `pid`, from /proc. */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return (
          Number(
            readFileSync(`/proc/${entry}/stat`, 'utf8')
              .replace(/^.*\) /, '')
              .split(' ')[1],
          ) === pid
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}
