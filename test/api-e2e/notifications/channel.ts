// A user-channel client for the tests: connects, keeps every message with its arrival time, and says how
// the handshake was refused or when and how the socket closed.
import WebSocket from 'ws';
import type { UserChannelMessage } from '@binaan/contracts';

export type Received = { at: number; message: UserChannelMessage };
export type Channel = { socket: WebSocket; messages: Received[]; closed: Promise<{ code: number; at: number }> };

export function channelUrl(port: number, token?: string): string {
  return `ws://127.0.0.1:${port}/api/ws/user${token === undefined ? '' : `?t=${encodeURIComponent(token)}`}`;
}

export function connect(url: string): Promise<Channel> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const messages: Received[] = [];
    const closed = new Promise<{ code: number; at: number }>((done) => socket.on('close', (code) => done({ code, at: Date.now() })));
    socket.on('message', (raw) =>
      messages.push({
        at: Date.now(),
        message: JSON.parse(
          (Array.isArray(raw) ? Buffer.concat(raw) : raw instanceof ArrayBuffer ? Buffer.from(raw) : raw).toString('utf8'),
        ) as UserChannelMessage,
      }),
    );
    socket.once('open', () => resolve({ socket, messages, closed }));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      response.on('end', () => reject(Object.assign(new Error(`refused ${response.statusCode}`), { status: response.statusCode, body })));
    });
    socket.once('error', (error) => reject(error));
  });
}

export async function refusalOf(url: string): Promise<{ status?: number; body?: string }> {
  try {
    const channel = await connect(url);
    channel.socket.close();
    return {};
  } catch (error) {
    return error as { status?: number; body?: string };
  }
}

export async function until<T>(find: () => T | undefined, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`nothing within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
