// A stand-in SMS gateway over real HTTP on 127.0.0.1: records every request and answers with the status
// a test sets. The path /hang never answers, for the timeout case. Tests point SMS_GATEWAY_URL at it.

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type GatewayRequest = { method: string | undefined; path: string | undefined; headers: IncomingHttpHeaders; body: string };

export type TestSmsGateway = {
  url: string;
  requests: GatewayRequest[];
  /** The status of the following answers (200 at first). */
  answerWith(status: number): void;
  close(): Promise<void>;
};

export async function startTestSmsGateway(): Promise<TestSmsGateway> {
  const requests: GatewayRequest[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method, path: req.url, headers: req.headers, body });
      if (req.url === '/hang') return;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answerWith: (next) => {
      status = next;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
