// supertest on the app, keeping every reply for a suite's final check: no 5xx, no stack trace or source
// path, and every refusal in the house shape ({ success: false, errorCode, ... }).
import request, { type Response } from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

export type RecordedReply = { call: string; status: number; text: string };
const STACK = /\bat .+\(.+:\d+:\d+\)|node_modules|\.ts:\d+/;

export type CallOptions = {
  token?: string;
  /** A JSON body (an object) for supertest to send. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The reply's bytes as a Buffer (a PDF, an image); its text is not kept. */
  binary?: boolean;
  /** Raw text sent as application/json (a body that is not valid JSON). */
  json?: string;
};

export class Client {
  readonly replies: RecordedReply[] = [];
  constructor(private readonly app: NestFastifyApplication) {}

  async call(method: 'get' | 'post' | 'put' | 'delete', path: string, options: CallOptions = {}): Promise<Response> {
    let req = request(this.app.getHttpServer())[method](path);
    if (options.token) req = req.set('authorization', `Bearer ${options.token}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) req = req.set(name, value);
    if (options.binary)
      req = req.buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    if (options.json !== undefined) req = req.set('content-type', 'application/json');
    const response =
      options.json !== undefined
        ? await req.send(options.json)
        : options.body === undefined
          ? await req
          : await req.send(options.body as object);
    this.replies.push({ call: `${method.toUpperCase()} ${path}`, status: response.status, text: options.binary ? '' : response.text });
    return response;
  }

  /** Replies that are a 5xx, show a stack trace or source paths, or refuse without an errorCode. */
  problems(): RecordedReply[] {
    return this.replies.filter((r) => r.status >= 500 || STACK.test(r.text) || (r.status >= 400 && !/"errorCode"/.test(r.text)));
  }
}
