// The bench's socket side: many ws clients, each message timed on arrival; a plain ws echo server for the
// baseline; and a closed loop of N concurrent senders for a fixed time.
import { WebSocket, WebSocketServer } from 'ws';

export type Client = { socket: WebSocket; onMessage: (text: string) => void };

export async function openClients(
  urls: readonly string[],
  onMessage: (index: number, text: string) => void,
  concurrency = 50,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = new Array(urls.length);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const index = next++;
      sockets[index] = await new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(urls[index]!);
        socket.on('message', (raw) =>
          onMessage(
            index,
            (Array.isArray(raw) ? Buffer.concat(raw) : raw instanceof ArrayBuffer ? Buffer.from(raw) : raw).toString('utf8'),
          ),
        );
        socket.once('open', () => resolve(socket));
        socket.once('error', reject);
        socket.once('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return sockets;
}

/** A ws server that sends every message back on the socket it came from (the baseline: ws with nothing else). */
export async function echoServer(): Promise<{ port: number; close(): Promise<void> }> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (socket) => socket.on('message', (data) => socket.send(data)));
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Runs `send` from `concurrency` loops for `seconds`; resolves with how many were sent. */
export async function closedLoop(seconds: number, concurrency: number, send: (i: number) => Promise<void>): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let sent = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) await send(sent++);
    }),
  );
  return sent;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
