// The OpenAPI document: served without a session at /api/docs-json (Swagger UI at /api/docs), it
// describes every controller's routes, tags them by context, and declares the bearer scheme, with
// public routes marked as needing none.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { pgliteConfig, startApp } from './support.js';

type Operation = {
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: { enum?: string[] } }[];
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  security?: Record<string, string[]>[];
  components: { securitySchemes: Record<string, { type: string; scheme?: string }>; schemas: Record<string, unknown> };
};

describe('OpenAPI document at /api/docs', () => {
  let app: NestFastifyApplication;
  let document: Document;

  beforeAll(async () => {
    app = await startApp(await pgliteConfig());
    const reply = await request(app.getHttpServer()).get('/api/docs-json').expect(200);
    expect(reply.headers['content-type']).toMatch(/json/);
    document = reply.body as Document;
  }, 300_000);
  afterAll(async () => app?.close());

  it('is served without a session, as JSON and as Swagger UI', async () => {
    expect(document.openapi).toMatch(/^3\./);
    const ui = await request(app.getHttpServer()).get('/api/docs').expect(200);
    expect(ui.text).toMatch(/swagger/i);
  });

  it('has the key paths of every context', () => {
    for (const [path, method] of [
      ['/api/login', 'post'],
      ['/api/company/choose/{companyProfileId}', 'get'],
      ['/api/documents/{resource}/{id}/actions/{event}', 'post'],
      ['/api/health', 'get'],
      ['/api/documents/{resource}', 'get'],
      ['/api/documents/{resource}/{id}/history', 'get'],
      ['/api/workflows', 'get'],
      ['/api/audit/verify', 'get'],
      ['/api/audit/verify-store', 'get'],
      ['/api/human-check/challenge', 'get'],
      ['/api/users/sign-up', 'post'],
    ] as const) {
      expect({ path, method, found: document.paths[path]?.[method] !== undefined }).toEqual({ path, method, found: true });
    }
  });

  it('declares the bearer scheme, required by default and waived on public routes', () => {
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/login']!.post!.security).toEqual([]);
    expect(document.paths['/api/health']!.get!.security).toEqual([]);
    expect(document.paths['/api/company/list']!.get!.security).toBeUndefined();
  });

  it('tags every operation with its context', () => {
    const untagged = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => !op.tags?.length)
        .map(([method]) => `${method} ${path}`),
    );
    expect(untagged).toEqual([]);
    expect(document.paths['/api/login']!.post!.tags).toEqual(['identity']);
    expect(document.paths['/api/company/choose/{companyProfileId}']!.get!.tags).toEqual(['companies']);
    expect(document.paths['/api/documents/{resource}']!.post!.tags).toEqual(['documents']);
    expect(document.paths['/api/health']!.get!.tags).toEqual(['health']);
    expect(document.paths['/api/company-workflow/view/workflow-and-assignments-list']!.get!.tags).toEqual(['authority']);
    expect(document.paths['/api/project-list-by-user']!.get!.tags).toEqual(['projects']);
  });

  it('describes an action: resource, id and event, If-Match and Idempotency-Key, and the body', () => {
    const action = document.paths['/api/documents/{resource}/{id}/actions/{event}']!.post!;
    const params = (action.parameters ?? []).map((p) => `${p.in}:${p.name}`);
    expect(params).toEqual(expect.arrayContaining(['path:resource', 'path:id', 'path:event', 'header:If-Match', 'header:Idempotency-Key']));
    expect(action.parameters!.find((p) => p.name === 'If-Match')!.required).toBe(true);
    expect(action.requestBody!.content['application/json']!.schema.$ref).toBe('#/components/schemas/DocumentActionInput');
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['DocumentCreateInput', 'DocumentActionInput', 'DocumentView', 'DocumentHistoryRow', 'ErrorReply']),
    );
  });

  it('lists the values of a path parameter that takes a fixed set, as an enum', () => {
    const values = (path: string, name: string) =>
      (document.paths[path]?.post?.parameters ?? []).find((p) => p.in === 'path' && p.name === name)?.schema?.enum;
    const sorted = (list: string[] | undefined) => [...(list ?? [])].sort();
    expect(sorted(values('/api/bq-item/{operation}', 'operation'))).toEqual([
      'delete',
      'demote-header',
      'duplicate',
      'indent',
      'move',
      'outdent',
      'promote-header',
      'update',
    ]);
    expect(sorted(values('/api/bq-tab/{operation}', 'operation'))).toEqual(['add', 'delete', 'move', 'rename']);
    expect(sorted(values('/api/bq-build-up/{operation}', 'operation'))).toEqual(['add', 'delete', 'update']);
    expect(sorted(values('/api/project/{projectId}/bill-of-quantity-scans/{scanId}/actions/{event}', 'event'))).toEqual([
      'Discard',
      'Import',
    ]);
    expect(sorted(values('/api/company/registrations/{id}/actions/{event}', 'event'))).toEqual(['Approve', 'Reject', 'Submit']);
    expect(sorted(values('/api/admin/inquiries/{id}/actions/{action}', 'action'))).toEqual(['Cancel', 'Close', 'Reopen']);
    // Workflow routes: the machine's events, without Create (each kind is created by its own route).
    for (const path of [
      '/api/bill-of-quantity/{projectId}/actions/{event}',
      '/api/projects/{id}/budget/actions/{event}',
      '/api/projects/{id}/progress-plan/actions/{event}',
      '/api/projects/{id}/actions/{event}',
      '/api/documents/{resource}/{id}/actions/{event}',
    ]) {
      expect({ path, approve: values(path, 'event')?.includes('Approve'), create: values(path, 'event')?.includes('Create') }).toEqual({
        path,
        approve: true,
        create: false,
      });
    }
    // The bulk route names its event in the path, one path per event (else it reads as ambiguous with {id}/history).
    const bulk = (event: string) => document.paths[`/api/documents/{resource}/actions/${event}`]?.post !== undefined;
    expect({ approve: bulk('Approve'), create: bulk('Create'), template: bulk('{event}') }).toEqual({
      approve: true,
      create: false,
      template: false,
    });
  });

  it("describes the kinds' own fields, the fees and the warnings", () => {
    const schemas = document.components.schemas as Record<string, { properties?: Record<string, unknown>; description?: string }>;
    expect(Object.keys(schemas.DocumentCreateInput!.properties!)).toEqual(
      expect.arrayContaining(['openAt', 'closeAt', 'vendorDocumentNo', 'claimPercentage', 'claimItems', 'retentionPercent']),
    );
    expect(schemas.DocumentCreateInput!.description).toContain('deliveryOrder: sourceDocumentId, vendorDocumentNo');
    expect(schemas.DocumentView!.properties).toMatchObject({
      fees: { $ref: '#/components/schemas/DocumentFees' },
      warnings: { $ref: '#/components/schemas/DocumentWarnings' },
    });
    expect(Object.keys(schemas.DocumentFees!.properties!)).toEqual(['transactionFee', 'tradeCertificate']);
  });
});
