// Odd list parameters never break a list: every GET route of the OpenAPI document without path parameters
// is called as a signed-in user with a table of odd values (not JSON, JSON of the wrong shape, huge numbers,
// long text, injection-looking text) in each list parameter (range, sort, filter, q, page, perPage) and in
// each query parameter the document declares for that route. Every reply must be below 500 and carry no
// stack trace. A route added to the document is swept without being named here.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEMO_PASSWORD } from '../../apps/api/src/demo/demo-data.js';
import { seedDemo } from '../../apps/api/src/demo/demo-seed.js';
import type { OpenApiDocument } from './openapi-validator.js';
import { pgliteConfig, postgresConfig, removeAppData, startApp, TEST_DATABASE_URL } from './support.js';
import type { ApiConfig } from '../../apps/api/src/config.js';

const LIST_PARAMETERS = ['range', 'sort', 'filter', 'q', 'page', 'perPage'];

/** What a careless or hostile client sends; each value goes into one parameter at a time. */
const ODD_VALUES = [
  'null',
  '[]',
  '{}',
  '[5,1]',
  '["x","ASC"]',
  '{"q":null}',
  '{"status":[1]}',
  'x'.repeat(5000),
  '1e309',
  '-1',
  '"x"',
  '1',
  'true',
  '[0,1e309]',
  '[-1,5]',
  '[0,99999999]',
  '[0.5,2]',
  '{"q":"%_\\\\"}',
  'NaN',
  '{"__proto__":{"a":1}}',
  '{"id":[null]}',
  '[null,null]',
  '{"q":{"$ne":1}}',
  "' OR 1=1 --",
];

/** Filters that are JSON but not an object: a list that reads a filter refuses each as `validationFailed`, naming it. */
const NOT_OBJECTS = new Set(['null', '[]', '[5,1]', '[null,null]', '"x"', '1', '-1', 'true']);

/** A Node stack frame ("    at fn (/path/file.js:10:5)") or a source path in a reply body. */
const STACK_TRACE = /\n\s+at .+:\d+:\d+|node_modules\/|\/src\/.+\.[jt]s:\d+/;

/** Calls that end or replace the caller's session are not list routes: they are left out. */
const NOT_SWEPT = new Set(['/api/users/logout']);

describe('odd list parameters on every list route', () => {
  let app: NestFastifyApplication;
  let config: ApiConfig;
  let document: OpenApiDocument;
  const tokens: { name: string; token: string }[] = [];
  const server = () => app.getHttpServer();

  const signIn = async (email: string, companyId?: string): Promise<string> => {
    const login = await request(server()).post('/api/login').send({ email, password: DEMO_PASSWORD }).expect(200);
    if (!companyId) return login.body.jwtToken as string;
    const chosen = await request(server())
      .get(`/api/company/choose/${companyId}`)
      .set('Authorization', `Bearer ${login.body.jwtToken as string}`)
      .expect(200);
    return chosen.body.jwtToken as string;
  };

  beforeAll(async () => {
    // On PostgreSQL when the run has it: the sweep's thousands of calls are the API's parameter handling, the same on
    // either store, and PGlite would run every query in the test's own thread.
    const env = { HUMAN_CHECK_MAX_NUMBER: '1000' };
    config = TEST_DATABASE_URL ? postgresConfig(env) : await pgliteConfig(env);
    app = await startApp(config);
    await seedDemo(app);
    document = (await request(server()).get('/api/docs-json').expect(200)).body as OpenApiDocument;
    // The buyer's officer first (most lists are a company's), then the seller and the platform administrator
    // for the lists only they may read.
    tokens.push({ name: 'buyer', token: await signIn('kumar@teguhbina.my', 'teguh-bina') });
    tokens.push({ name: 'seller', token: await signIn('mei@mutiarasupplies.my', 'mutiara-supplies') });
    tokens.push({ name: 'platform admin', token: await signIn('admin@binaan.my') });
  }, 600_000);

  afterAll(async () => {
    await app?.close();
    if (config) await removeAppData(config);
  });

  it('answers every odd value below 500 and without a stack trace, on each GET route without path parameters', async () => {
    const routes = Object.entries(document.paths)
      .filter(([template, item]) => 'get' in item && !template.includes('{') && !NOT_SWEPT.has(template))
      .map(([template, item]) => {
        const declared = ((item as { get: { parameters?: { in: string; name: string }[] } }).get.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => p.name);
        return { template, parameters: [...new Set([...LIST_PARAMETERS, ...declared])] };
      });
    // The sweep covers the lists a client pages through: the document must still list them.
    expect(routes.map((r) => r.template)).toEqual(
      expect.arrayContaining(['/api/bills-of-quantity', '/api/projects', '/api/company/users']),
    );

    const failures: string[] = [];
    /** Per route, how many of the filters that are not objects it refused. */
    const refusingFilter = new Map<string, number>();
    let calls = 0;
    for (const route of routes) {
      // The first caller a plain call does not refuse for who they are reads the route; anyone else would be
      // stopped before the parameters are read.
      let caller = tokens[0]!;
      let plainStatus = 0;
      for (const candidate of tokens) {
        plainStatus = (await request(server()).get(route.template).set('Authorization', `Bearer ${candidate.token}`)).status;
        if (plainStatus !== 401 && plainStatus !== 403) {
          caller = candidate;
          break;
        }
      }
      for (const parameter of route.parameters) {
        for (const value of ODD_VALUES) {
          const reply = await request(server())
            .get(route.template)
            .query({ [parameter]: value })
            .set('Authorization', `Bearer ${caller.token}`);
          calls += 1;
          const shown = value.length > 40 ? `${value.slice(0, 20)}... (${value.length} characters)` : value;
          // A route that answers its plain call (no parameter) is a list that can be asked for a filter.
          if (parameter === 'filter' && NOT_OBJECTS.has(value) && reply.status === 400 && plainStatus < 400) {
            refusingFilter.set(route.template, (refusingFilter.get(route.template) ?? 0) + 1);
            const body = reply.body as { errorCode?: string; errorMessage?: string };
            if (body.errorCode !== 'validationFailed' || !body.errorMessage?.includes('filter')) {
              failures.push(
                `${route.template}?filter=${value}: refused as ${body.errorCode} "${body.errorMessage}", not validationFailed naming filter`,
              );
            }
          }
          if (reply.status >= 500)
            failures.push(`${route.template}?${parameter}=${shown} as the ${caller.name}: ${reply.status} ${reply.text.slice(0, 200)}`);
          else if (STACK_TRACE.test(reply.text))
            failures.push(`${route.template}?${parameter}=${shown} as the ${caller.name}: a stack trace in the reply`);
        }
      }
    }
    expect(calls).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    // The lists that read a filter refused every filter that is not an object (the rest ignore the parameter).
    const partly = [...refusingFilter]
      .filter(([, refused]) => refused < NOT_OBJECTS.size)
      .map(([template, refused]) => `${template}: ${refused} of ${NOT_OBJECTS.size}`);
    expect(partly).toEqual([]);
    expect([...refusingFilter.keys()]).toEqual(
      expect.arrayContaining([
        '/api/bills-of-quantity',
        '/api/projects',
        '/api/company/users',
        '/api/company/registrations',
        '/api/company/directory',
      ]),
    );
  }, 600_000);
});
