// The OpenAPI document tells the truth: every route it lists is called, as the buyer, the seller, the
// event organizer, the platform admin, a signed-in user with no company chosen yet, and anonymously, with
// path parameters filled from real ids (found through the list calls) and unknown ones. Writes go out only
// with a body that is not JSON, a body that fails the checks, an unknown id, or by a caller without the
// right, so nothing changes that a later call relies on. Each reply's status must be declared for its
// route, and its JSON body must match the declared schema (ajv), so the document and the API cannot drift.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEMO_PASSWORD } from '../../apps/api/src/demo/demo-data.js';
import { seedDemo } from '../../apps/api/src/demo/demo-seed.js';
import { OpenApiValidator, type OpenApiDocument } from './openapi-validator.js';
import { pgliteConfig, startApp } from './support.js';

type Caller = { name: string; token?: string };
type Call = { method: string; template: string; url: string; caller: Caller; body?: string; note: string };
type Found = { template: string; params: Record<string, string>; body: unknown };
type OperationRef = { method: string; template: string };

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const NOT_JSON = '{"this is": not json';
/** Well-formed, but no route takes a body whose only field is this. */
const FAILS_CHECKS = JSON.stringify({ notAField: [] });
/** At most this many real values per path parameter: enough to meet each reply shape, few enough to stay quick. */
const REAL_VALUES = 2;
/** Ends the caller's session: called last, and never with a session a later call needs. */
const SESSION_ENDING = new Set(['post /api/users/logout']);
/** Replaces the caller's session with a new one (choosing a company): the last GETs, and everyone signs in again after. */
const SESSION_CHANGING = new Set(['/api/company/choose/{companyProfileId}']);

const paramNames = (template: string) => [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
const objectsIn = (value: unknown): Record<string, unknown>[] => {
  if (Array.isArray(value)) return value.flatMap(objectsIn);
  if (!value || typeof value !== 'object') return [];
  const object = value as Record<string, unknown>;
  return [object, ...Object.values(object).flatMap(objectsIn)];
};
const strings = (values: unknown[]) => [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== '' && v !== '-'))].slice(0, REAL_VALUES);

describe('the OpenAPI document against the replies', () => {
  let app: NestFastifyApplication;
  let document: OpenApiDocument;
  let validator: OpenApiValidator;
  let callers: Caller[] = [];
  const found: Found[] = [];
  /** `METHOD template status` → what is wrong, per call. */
  const problems = new Map<string, string[]>();
  const calledTemplates = new Set<string>();

  const server = () => app.getHttpServer();
  const signIn = async (email: string, companyId?: string): Promise<string> => {
    const login = await request(server()).post('/api/login').send({ email, password: DEMO_PASSWORD }).expect(200);
    if (!companyId) return login.body.jwtToken as string;
    const chosen = await request(server()).get(`/api/company/choose/${companyId}`).set('authorization', `Bearer ${login.body.jwtToken}`).expect(200);
    return chosen.body.jwtToken as string;
  };

  const signInAll = async (): Promise<Caller[]> => [
    { name: 'anonymous' },
    { name: 'buyer', token: await signIn('kumar@teguhbina.my', 'teguh-bina') },
    { name: 'seller', token: await signIn('mei@mutiarasupplies.my', 'mutiara-supplies') },
    { name: 'organizer', token: await signIn('aminah@teguhbina.my', 'teguh-bina') },
    { name: 'admin', token: await signIn('admin@binaan.my') },
    { name: 'no company chosen', token: await signIn('kumar@teguhbina.my') },
  ];

  /** Objects in the bodies of earlier GETs of `template`, with the path parameters they were read with. */
  const from = (template: string) => found.filter((f) => f.template === template).flatMap((f) => objectsIn(f.body).map((object) => ({ object, params: f.params })));
  const resources = () => document.paths['/api/documents/{resource}']!.get!.parameters!.find((p) => p.name === 'resource')!.schema!.enum!;

  /** Real path parameters for a route, from what the list calls answered. A route missing here fails the test. */
  const realParams: Record<string, () => Record<string, string>[]> = {
    '/api/company/custom-list/{id}': () => strings(from('/api/company/list').map((f) => f.object.companyProfileId)).map((id) => ({ id })),
    '/api/company/choose/{companyProfileId}': () => strings(from('/api/company/list').map((f) => f.object.companyProfileId)).map((companyProfileId) => ({ companyProfileId })),
    '/api/company/directory/{id}': () => strings(from('/api/company/directory').map((f) => f.object.id)).map((id) => ({ id })),
    '/api/documents/{resource}': () => resources().map((resource) => ({ resource })),
    '/api/documents/{resource}/{id}': () => documentIds(),
    '/api/documents/{resource}/{id}/history': () => documentIds(),
    '/api/workflows/{resource}': () => resources().map((resource) => ({ resource })),
    '/api/authority-manuals/{resource}': () => strings(from('/api/authority-manuals').map((f) => f.object.resource)).map((resource) => ({ resource })),
    '/api/projects/{id}/authority-history': () => strings(from('/api/project-list-by-user').filter((f) => 'project_name' in f.object).map((f) => f.object.id)).map((id) => ({ id })),
    '/api/projects/{id}': () => strings(from('/api/project-list-by-user').filter((f) => 'project_name' in f.object).map((f) => f.object.id)).map((id) => ({ id })),
    '/api/projects/{id}/documents': () => strings(from('/api/project-list-by-user').filter((f) => 'project_name' in f.object).map((f) => f.object.id)).map((id) => ({ id })),
    '/api/projects/{id}/history': () => strings(from('/api/project-list-by-user').filter((f) => 'project_name' in f.object).map((f) => f.object.id)).map((id) => ({ id })),
    '/api/audit/verify': () => documentIds(),
    // A project's BQ (none in the demo: 404 bqNotFound for history, the empty BQ for the others).
    ...Object.fromEntries(['/api/bill-of-quantity/{projectId}', '/api/bill-of-quantity/{projectId}/changes', '/api/bill-of-quantity/{projectId}/history'].map((template) => [
      template, () => strings(from('/api/project-list-by-user').filter((f) => 'project_name' in f.object).map((f) => f.object.id)).map((projectId) => ({ projectId })),
    ])),
    // Every event of the list: only some have participants, whose ids the routes below need.
    '/api/article/{id}/attendance': () => [...new Set(from('/api/article/organizer-list').map((f) => f.object.id).filter((id) => typeof id === 'string'))].map((id) => ({ id: id })),
    '/api/event-participant/view/{id}/{article_id}/{user_id}': () =>
      from('/api/article/{id}/attendance').filter((f) => typeof f.object.user_id === 'string' && typeof f.object.registration_id === 'string').slice(0, REAL_VALUES)
        .map((f) => ({ id: f.object.registration_id as string, article_id: f.params.id!, user_id: f.object.user_id as string })),
    // Participants with a certificate: an approved one (200), a revoked one (410), one not yet approved (404).
    '/api/event-participant/download-certificate/{id}': () => {
      const certified = from('/api/article/{id}/attendance').filter((f) => typeof f.object.certificate_no === 'string' && f.object.certificate_no !== '-').map((f) => f.object);
      const picks = [
        certified.find((p) => p.approve_datetime !== '-' && p.revoked_datetime === '-'),
        certified.find((p) => p.revoked_datetime !== '-'),
        certified.find((p) => p.approve_datetime === '-'),
      ];
      return [...new Set(picks.filter((p) => p !== undefined).map((p) => p.registration_id as string))].map((id) => ({ id }));
    },
    '/api/test-get-transaction/{txId}': () => strings(found.flatMap((f) => objectsIn(f.body)).flatMap((o) => [o.tx_id, o.register_tx_id])).map((txId) => ({ txId })),
  };
  const documentIds = () =>
    resources().flatMap((resource) => strings(from(`/api/documents/{resource}`).filter((f) => f.params.resource === resource).map((f) => f.object.id)).slice(0, 1).map((id) => ({ resource, id })));

  const send = async (call: Call) => {
    let pending = request(server())[call.method as 'get'](call.url);
    if (call.caller.token) pending = pending.set('authorization', `Bearer ${call.caller.token}`);
    if (call.body !== undefined) pending = pending.set('content-type', 'application/json').send(call.body);
    const reply = await pending;
    calledTemplates.add(`${call.method} ${call.template}`);
    const contentType = reply.headers['content-type'];
    const issues = validator.check(call.template, call.method, reply.status, contentType, reply.body);
    if (issues.length > 0) {
      const key = `${call.method.toUpperCase()} ${call.template} ${reply.status}`;
      const seen = problems.get(key) ?? [];
      problems.set(key, [...seen, `${call.caller.name} ${call.note} (${call.url}): ${issues.join('; ')}`]);
    }
    return reply;
  };

  /** The path parameters and the required query parameters of an operation. */
  const needed = ({ method, template }: OperationRef) => [
    ...paramNames(template),
    ...(document.paths[template]![method]!.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name),
  ];
  const fill = ({ method, template }: OperationRef, params: Record<string, string>) => {
    const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? UNKNOWN_ID));
    const query = (document.paths[template]![method]!.parameters ?? []).filter((p) => p.in === 'query' && p.required);
    return query.length === 0 ? path : `${path}?${query.map((p) => `${p.name}=${encodeURIComponent(params[p.name] ?? UNKNOWN_ID)}`).join('&')}`;
  };
  const operations = (method: (m: string) => boolean) =>
    Object.entries(document.paths).flatMap(([template, item]) => Object.keys(item).filter(method).map((m) => ({ method: m, template })));

  beforeAll(async () => {
    app = await startApp(await pgliteConfig());
    await seedDemo(app);
    document = (await request(server()).get('/api/docs-json').expect(200)).body as OpenApiDocument;
    validator = new OpenApiValidator(document);
    callers = await signInAll();
  }, 600_000);
  afterAll(async () => app?.close());

  it('answers every GET as declared, for every caller, with real and unknown ids', async () => {
    const gets = operations((m) => m === 'get');
    // Routes without parameters first, then those whose parameters come from them (lists before items).
    const rounds = [
      gets.filter((o) => needed(o).length === 0),
      gets.filter((o) => ['/api/documents/{resource}', '/api/workflows/{resource}', '/api/authority-manuals/{resource}', '/api/article/{id}/attendance', '/api/company/directory/{id}', '/api/company/custom-list/{id}', '/api/projects/{id}/authority-history', '/api/projects/{id}', '/api/projects/{id}/documents', '/api/projects/{id}/history'].includes(o.template)),
    ];
    rounds.push(gets.filter((o) => !rounds.flat().includes(o) && !SESSION_CHANGING.has(o.template)));
    rounds.push(gets.filter((o) => SESSION_CHANGING.has(o.template)));
    const missingRealIds: string[] = [];
    const statuses = new Map<string, string[]>();
    for (const round of rounds) {
      for (const { method, template } of round) {
        const names = needed({ method, template });
        const real = names.length === 0 ? [{}] : (realParams[template]?.() ?? []);
        if (names.length > 0 && real.length === 0) missingRealIds.push(template);
        const variants = [...real.map((params) => ({ params, note: 'real ids' })), ...(names.length > 0 ? [{ params: {}, note: 'unknown ids' }] : [])];
        // A public route answers alike with or without a session: anonymous and one signed-in caller suffice.
        const publicRoute = document.paths[template]![method]!.security?.length === 0;
        for (const caller of publicRoute ? callers.slice(0, 2) : callers) {
          for (const { params, note } of variants) {
            const reply = await send({ method, template, url: fill({ method, template }, params), caller, note });
            statuses.set(template, [...(statuses.get(template) ?? []), `${caller.name}:${reply.status}`]);
            if (reply.status === 200 && reply.headers['content-type']?.includes('json')) found.push({ template, params, body: reply.body });
          }
        }
      }
    }
    // On failure: which list calls answered what, to see why a route found no real ids.
    const listed = [...new Set(found.map((f) => f.template))].map((t) => `${t}: ${found.filter((f) => f.template === t).length} bodies, ${from(t).length} objects`);
    const diagnosis = missingRealIds.length === 0 ? {} : { listed, statuses: Object.fromEntries([...statuses].map(([t, all]) => [t, [...new Set(all)].join(' ')])) };
    expect({ missingRealIds, ...diagnosis }).toEqual({ missingRealIds: [] });
  }, 300_000);

  it('answers every write as declared: a body that is not JSON, one that fails the checks, an unknown id, a caller without the right', async () => {
    callers = await signInAll();
    const writes = operations((m) => m !== 'get').sort((a, b) => Number(SESSION_ENDING.has(`${a.method} ${a.template}`)) - Number(SESSION_ENDING.has(`${b.method} ${b.template}`)));
    for (const { method, template } of writes) {
      // Writes never act on a real id: the kinds and events are real (so the route is reached), every id unknown.
      const params: Record<string, string> = { resource: resources()[0]!, event: 'Approve' };
      if (template.startsWith('/api/authority-manuals/')) params.resource = 'no-such-resource';
      const url = fill({ method, template }, params);
      const unknownId = template.startsWith('/api/authority-manuals/') || needed({ method, template }).some((name) => !(name in params));
      const takesBody = document.paths[template]![method]!.requestBody !== undefined;
      for (const caller of callers) {
        if (SESSION_ENDING.has(`${method} ${template}`) && caller.token) continue;
        await send({ method, template, url, caller, body: NOT_JSON, note: 'body not JSON' });
        // A route with neither a body nor an id (accept-eula) would act on its caller: only the body that is not JSON.
        if (takesBody || unknownId) {
          await send({ method, template, url, caller, body: FAILS_CHECKS, note: 'body fails the checks' });
        }
      }
    }
    expect(calledTemplates.size).toBe(Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0));
  }, 180_000);

  it('left no reply that the document does not declare or describe', () => {
    const report = [...problems.entries()].map(([key, calls]) => `${key}\n    ${calls.slice(0, 3).join('\n    ')}${calls.length > 3 ? `\n    ... ${calls.length - 3} more` : ''}`);
    expect({ pairs: report.length, report }).toEqual({ pairs: 0, report: [] });
  });
});
