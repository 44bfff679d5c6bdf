// Security headers (issue 15, point 1): every reply of the API and of the ui it serves (index.html, an
// asset, a route the browser reloads, an unknown API route, Swagger UI) carries the Content-Security-Policy,
// nosniff, Referrer-Policy and frame refusal; Strict-Transport-Security only when PUBLIC_URL is https.
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

function expectHeaders(headers: Record<string, string | undefined>, https: boolean) {
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
  if (https) {
    expect(headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  } else {
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  }
}

describe('security headers', () => {
  const uiDir = mkdtempSync(join(tmpdir(), 'binaan-ui-'));
  mkdirSync(join(uiDir, 'assets'));
  writeFileSync(join(uiDir, 'index.html'), '<!doctype html><title>Binaan</title><script type="module" src="/assets/app.js"></script>');
  writeFileSync(join(uiDir, 'assets', 'app.js'), 'console.log(1);');

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
        ['the public keys', '/.well-known/jwks.json', 200],
        ['index.html', '/', 200],
        ['a route the browser reloads', '/purchaseOrder/some-id/show', 200],
        ['an asset', '/assets/app.js', 200],
        ['Swagger UI', '/api/docs', 200],
        ["Swagger UI's start script", '/api/docs/binaan-start.js', 200],
      ])('%s (%s)', async (_what, path, status) => {
        const reply = await request(app.getHttpServer()).get(path);
        expect(reply.status).toBe(status);
        expectHeaders(reply.headers, https);
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
