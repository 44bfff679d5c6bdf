// Given the built ui served by the real application, when a browser on a slow line asks for it and for the
// signed-in area's data, then: the scripts and the HTML come precompressed in the encoding it
// accepts (brotli or gzip, made by the ui build), hashed assets are cached for a year as immutable while
// index.html is revalidated every time, JSON replies of 1 KB or more are compressed on the fly and smaller
// ones are not, and the machine definitions answer 304 to their ETag.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventStore } from '@binaan/event-store';
import type { ApiConfig } from '../../apps/api/src/config.js';
import { DEMO_PASSWORD } from '../../apps/api/src/demo/demo-data.js';
import { seedDemoData } from '../../apps/api/src/demo/demo-seed.js';
import { LookupKeys } from '../../apps/api/src/personal-data/lookup-keys.js';
import { EVENT_STORE } from '../../apps/api/src/store/store.tokens.js';
import { pgliteConfig, removeAppData, startApp } from './support.js';

type Raw = { status: number; headers: Record<string, string>; body: Buffer };

const DECODE: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

describe('first load over a mobile line', () => {
  let config: ApiConfig;
  let app: NestFastifyApplication;
  let token: string;
  let uiBuilt = false;

  let base: string;

  /** The reply as sent, its body's bytes undecoded (supertest decodes gzip and brotli itself, so node:http). */
  function raw(path: string, headers: Record<string, string>): Promise<Raw> {
    return new Promise((resolve, reject) => {
      get(`${base}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers as Record<string, string>, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      }).on('error', reject);
    });
  }

  const decoded = (reply: Raw) => (reply.headers['content-encoding'] ? DECODE[reply.headers['content-encoding']]!(reply.body) : reply.body);

  beforeAll(async () => {
    config = await pgliteConfig();
    uiBuilt = existsSync(join(config.uiDir, 'index.html'));
    if (!uiBuilt) console.log(`ui not built (${config.uiDir}): the ui part of this suite did not run (npm test builds it first)`);
    app = await startApp(config);
    const server = app.getHttpServer();
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await seedDemoData(app.get<EventStore>(EVENT_STORE), app.get(LookupKeys));
    const login = await request(app.getHttpServer())
      .post('/api/login')
      .send({ email: 'kumar@teguhbina.my', password: DEMO_PASSWORD })
      .expect(200);
    token = login.body.jwtToken as string;
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    if (config) await removeAppData(config);
  });

  it.each(['br', 'gzip'])('sends index.html precompressed as %s, revalidated on every use', async (encoding) => {
    if (!uiBuilt) return;
    const file = readFileSync(join(config.uiDir, 'index.html'));
    for (const path of ['/', '/tender']) {
      const page = await raw(path, { 'accept-encoding': encoding });
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers.vary).toMatch(/accept-encoding/i);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['last-modified']).toBeDefined();
      expect(page.body.length).toBeLessThan(file.length);
      expect(decoded(page).equals(file)).toBe(true);
      const again = await raw(path, { 'accept-encoding': encoding, 'if-none-match': page.headers.etag! });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
  });

  it.each(['br', 'gzip'])('sends a hashed script precompressed as %s, cached for a year as immutable', async (encoding) => {
    if (!uiBuilt) return;
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(config.uiDir, 'index.html'), 'utf8'))?.[1];
    expect(script).toBeDefined();
    const file = readFileSync(join(config.uiDir, script!));
    const asset = await raw(script!, { 'accept-encoding': `${encoding === 'br' ? 'gzip;q=0.5, br' : 'gzip'}` });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe(encoding);
    expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
    expect(asset.headers.vary).toMatch(/accept-encoding/i);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(asset.headers['content-length'])).toBe(asset.body.length);
    expect(asset.body.length).toBeLessThan(file.length / 2);
    expect(decoded(asset).equals(file)).toBe(true);
  });

  it('sends the files as they are to a client that accepts no compression', async () => {
    if (!uiBuilt) return;
    const page = await raw('/', { 'accept-encoding': 'identity' });
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body.equals(readFileSync(join(config.uiDir, 'index.html')))).toBe(true);
  });

  it.each(['br', 'gzip'])(
    'compresses a large JSON reply (the machine definitions) on the fly as %s, keeping its private caching',
    async (encoding) => {
      const reply = await raw('/api/workflows', { authorization: `Bearer ${token}`, 'accept-encoding': encoding });
      expect(reply.status).toBe(200);
      expect(reply.headers['content-encoding']).toBe(encoding);
      expect(reply.headers['cache-control']).toBe('private, no-cache');
      expect(reply.headers.vary).toMatch(/Authorization/);
      expect(reply.headers.vary).toMatch(/accept-encoding/i);
      const json = decoded(reply);
      expect(json.length).toBeGreaterThan(50_000);
      expect(reply.body.length).toBeLessThan(json.length / 5);
      expect(JSON.parse(json.toString('utf8'))).toEqual(expect.arrayContaining([expect.objectContaining({ resource: 'tender' })]));
    },
  );

  it('sends a small JSON reply as it is', async () => {
    const reply = await raw('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.body.length).toBeLessThan(1024);
    expect(JSON.parse(reply.body.toString('utf8'))).toMatchObject({ status: 'ok' });
  });

  it('answers the machine definitions with an ETag, and 304 with no body when the browser already has them', async () => {
    const first = await raw('/api/workflows', { authorization: `Bearer ${token}`, 'accept-encoding': 'br' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    // The same ETag whichever encoding carried the reply: it names the content.
    expect((await raw('/api/workflows', { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' })).headers.etag).toBe(etag);
    const again = await raw('/api/workflows', { authorization: `Bearer ${token}`, 'accept-encoding': 'br', 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
  });
});
