// Security headers (split by kind of reply, common/security-headers.ts):
// every document (index.html, a route the browser reloads, index.html in place of a missing asset, Swagger
// UI and its start script) carries the whole set: the document Content-Security-Policy, nosniff,
// Referrer-Policy, frame refusal, Cross-Origin-Opener-Policy. Every API reply (JSON, an error, an unknown API
// route, the public keys) carries the API set: `default-src 'none'; frame-ancestors 'none'`, nosniff,
// X-Frame-Options DENY, Referrer-Policy, Cross-Origin-Resource-Policy, and none of the document-only headers. A hashed asset carries nosniff and its cache
// headers. Strict-Transport-Security on all three only when PUBLIC_URL is https.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { pgliteConfig, removeAppData, startApp } from './support.js';
import type { ApiConfig } from '../../apps/api/src/config.js';

/** The policy's directives by name. */
function directives(header: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function expectTransport(headers: Record<string, string | undefined>, https: boolean) {
  if (https) expect(headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  else expect(headers['strict-transport-security']).toBeUndefined();
}

/** Headers that only a browsing context (a document) uses: never on an API reply or an asset. */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
  'x-download-options',
];

function expectApiHeaders(headers: Record<string, string | undefined>, https: boolean) {
  const csp = directives(headers['content-security-policy']);
  expect([...csp.keys()].sort()).toEqual(['default-src', 'frame-ancestors']);
  expect(csp.get('default-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['cache-control']).toBeDefined();
  for (const name of DOCUMENT_ONLY) expect(headers[name]).toBeUndefined();
  expectTransport(headers, https);
}

function expectAssetHeaders(headers: Record<string, string | undefined>, https: boolean) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(headers['content-security-policy']).toBeUndefined();
  for (const name of DOCUMENT_ONLY) expect(headers[name]).toBeUndefined();
  expectTransport(headers, https);
}

function expectDocumentHeaders(headers: Record<string, string | undefined>, https: boolean) {
  const csp = directives(headers['content-security-policy']);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(csp.has('upgrade-insecure-requests')).toBe(https);
  expectTransport(headers, https);
}

describe('security headers', () => {
  const uiDir = mkdtempSync(join(tmpdir(), 'binaan-ui-'));
  mkdirSync(join(uiDir, 'assets'));
  writeFileSync(join(uiDir, 'index.html'), '<!doctype html><title>Binaan</title><script type="module" src="/assets/app.js"></script>');
  writeFileSync(join(uiDir, 'assets', 'app.js'), 'console.log(1);');
  // A worker script runs under the policy of its own reply (pdf.js's, as the build names it).
  writeFileSync(join(uiDir, 'assets', 'pdf.worker.min-qwK7q_zL.mjs'), 'self.onmessage = () => undefined;');

  for (const https of [false, true]) {
    describe(https ? 'PUBLIC_URL https' : 'PUBLIC_URL http', () => {
      let app: NestFastifyApplication;
      let config: ApiConfig;
      beforeAll(async () => {
        config = await pgliteConfig({ UI_DIR: uiDir, ...(https ? { PUBLIC_URL: 'https://binaan.example.my' } : {}) });
        app = await startApp(config);
      }, 300_000);
      afterAll(async () => {
        await app?.close();
        await removeAppData(config);
      });

      it.each([
        ['an API reply', '/api/health', 200],
        ['an API error', '/api/documents/purchaseOrder', 401],
        ['an unknown API route', '/api/no-such-route', 404],
        ['an unknown API route with a query', '/api/no-such-route?x=1', 404],
        ['the public keys', '/.well-known/jwks.json', 200],
      ])('API set: %s (%s)', async (_what, path, status) => {
        const reply = await request(app.getHttpServer()).get(path);
        expect(reply.status).toBe(status);
        expectApiHeaders(reply.headers, https);
      });

      it.each([
        ['index.html', '/', 200],
        ['a route the browser reloads', '/purchaseOrder/some-id/show', 200],
        ['index.html in place of a missing asset', '/assets/gone-1a2b3c.js', 200],
        ['Swagger UI', '/api/docs', 200],
        ["Swagger UI's start script", '/api/docs/binaan-start.js', 200],
      ])('document set: %s (%s)', async (_what, path, status) => {
        const reply = await request(app.getHttpServer()).get(path);
        expect(reply.status).toBe(status);
        expectDocumentHeaders(reply.headers, https);
      });

      it('asset set: a hashed asset', async () => {
        const reply = await request(app.getHttpServer()).get('/assets/app.js');
        expect(reply.status).toBe(200);
        expectAssetHeaders(reply.headers, https);
      });

      it("document set: a hashed worker script (a worker takes the policy of its own script, not its page's)", async () => {
        const reply = await request(app.getHttpServer()).get('/assets/pdf.worker.min-qwK7q_zL.mjs');
        expect(reply.status).toBe(200);
        expectDocumentHeaders(reply.headers, https);
      });

      it('a POST to the API (a command) gets the API set too', async () => {
        const reply = await request(app.getHttpServer()).post('/api/documents/purchaseOrder').send({});
        expect(reply.status).toBe(401);
        expectApiHeaders(reply.headers, https);
      });

      it('Swagger UI has no inline script', async () => {
        const page = await request(app.getHttpServer()).get('/api/docs').expect(200);
        const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
        expect(scripts.length).toBeGreaterThan(0);
        for (const [, attributes, body] of scripts) {
          expect(attributes).toMatch(/src="/);
          expect(body!.trim()).toBe('');
        }
      });
    });
  }

  afterAll(() => rmSync(uiDir, { recursive: true, force: true }));
});
