// A JSON client for benches whose callers wait for each reply before the next request (the BQ bench: a
// BQ's operations are one stream, taken one at a time). It runs in the bench's process on the same cores
// as the API, so its own cost per request is in the rate it measures. Node 20's fetch (undici behind WHATWG
// streams) spends several times what node:http with a keep-alive agent spends on a small JSON request;
// with one request in flight per caller that time is the caller's, not the API's. BENCH_CLIENT=fetch
// measures with fetch instead (BENCH_CLIENT=both: each in turn, in one run). undici's request API, tried
// beside it (undici 7 on Node 20), spent the same as node:http here (0.26 against 0.24 to 0.28 ms a request).
import { Agent, request } from 'node:http';

export type JsonReply = { status: number; body: Record<string, unknown> };

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function viaHttp(base: string, token: string, method: string, path: string, body?: unknown): Promise<JsonReply> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const call = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

async function viaFetch(base: string, token: string, method: string, path: string, body?: unknown): Promise<JsonReply> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

export type JsonClient = {
  name: 'http' | 'fetch';
  call(base: string, token: string, method: string, path: string, body?: unknown): Promise<JsonReply>;
};

export function jsonClient(name = process.env.BENCH_CLIENT === 'fetch' ? 'fetch' : 'http'): JsonClient {
  return { name: name === 'fetch' ? 'fetch' : 'http', call: name === 'fetch' ? viaFetch : viaHttp };
}

/** Lets the process end: the agent's idle sockets would keep it alive. */
export function closeJsonClients(): void {
  agent.destroy();
}
