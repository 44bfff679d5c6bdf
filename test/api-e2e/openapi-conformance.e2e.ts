// The OpenAPI document tells the truth: every route it lists is called, as the buyer, the seller, the
// event organizer, the platform admin, a signed-in user with no company chosen yet, and anonymously, with
// path parameters filled from real ids (found through the list calls) and unknown ones. Writes go out first
// with a body that is not JSON, a body that fails the checks, an unknown id, or by a caller without the
// right, so nothing changes that a later call relies on; then the writes a client makes most (sign-in,
// documents created, edited and acted on one by one and in bulk, projects, their stages and members,
// events published and registered for, the authority settings, notifications cleared, sign-out) succeed,
// so their success replies are held to the document too. Each reply's status must be declared for its
// route, and its JSON body must match the declared schema (ajv), so the document and the API cannot drift.
// On PGlite and, when TEST_DATABASE_URL is set (npm test sets it), on PostgreSQL.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEMO_PASSWORD } from '../../apps/api/src/demo/demo-data.js';
import { seedDemo } from '../../apps/api/src/demo/demo-seed.js';
import { ReportNames, SetupKindPaths } from '@binaan/contracts';
import type { EventStore, JsonValue, SqlExecutor } from '@binaan/event-store';
import { decideReceive } from '../../apps/api/src/inquiries/inquiry.decider.js';
// Inventory: a stock movement made for the set-up.
import { decide } from '@binaan/workflows';
import { READ_MODELS } from '../../apps/api/src/common/principal.js';
import { EVENT_STORE } from '../../apps/api/src/store/store.tokens.js';
import { LogCheckpointer } from '../../apps/api/src/transparency-log/log-checkpointer.js';
import { FILE_STORE, type FileStore } from '../../apps/api/src/files/file-store.port.js';
import { Readable } from 'node:stream';
import { PNG } from 'pngjs';
import { seedBqScan } from '../support/bq-scan-page.js';
import { OpenApiValidator, type OpenApiDocument } from './openapi-validator.js';
import { solveHumanCheck } from '../support/human-check.js';
import { pgliteConfig, postgresConfig, removeAppData, startApp, TEST_DATABASE_URL } from './support.js';
import type { ApiConfig } from '../../apps/api/src/config.js';
import { signApprovalLink } from '../../apps/api/src/approval-links/approval-link-token.js';
import { SECRETS, type Secrets } from '../../apps/api/src/common/secrets.js';

type Caller = { name: string; token?: string };
type Call = {
  method: string;
  template: string;
  url: string;
  caller: Caller;
  body?: string;
  headers?: Record<string, string>;
  note: string;
};
type Found = { template: string; params: Record<string, string>; body: unknown };
type OperationRef = { method: string; template: string };

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const NOT_JSON = '{"this is": not json';
/** Well-formed, but no route takes a body whose only field is this. */
const FAILS_CHECKS = JSON.stringify({ notAField: [] });
/** At most this many real values per path parameter: enough to meet each reply shape, few enough to stay quick. */
const REAL_VALUES = 2;
/** An e-mail invitation to one of the demo's tenders (the demo has none), so its public look-up is called with a real id. */
const EMAIL_INVITATION_ID = 'conformanceInvitation1';
const ADVERTISEMENT_ID = '11111111-2222-4333-8444-555555555555';
/** A company's invitation to a person (the demo has none), so its public look-up is called with a real id. */
const COMPANY_INVITATION_ID = 'conformanceCompanyInvite1';
/** An inquiry from the contact form (the demo has none), so the admin module's inquiry routes are called with a real id. */
const CONFORMANCE_INQUIRY_ID = '0195f000-0000-7000-8000-00000000c0de';
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
const strings = (values: unknown[]) =>
  [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== '' && v !== '-'))].slice(0, REAL_VALUES);

const STORES = ['PGlite', ...(TEST_DATABASE_URL ? ['PostgreSQL'] : [])];
/** A quick human check: the forgot-password call solves one. */
const ENV = { HUMAN_CHECK_MAX_NUMBER: '1000' };

describe.each(STORES)('the OpenAPI document against the replies, on %s', (store) => {
  let app: NestFastifyApplication;
  let config: ApiConfig;
  let document: OpenApiDocument;
  let validator: OpenApiValidator;
  let callers: Caller[] = [];
  const found: Found[] = [];
  /** `METHOD template status` → what is wrong, per call. */
  const problems = new Map<string, string[]>();
  const calledTemplates = new Set<string>();

  const server = () => app.getHttpServer();
  /** Signs in and chooses the company through `send`, so these replies are checked too. */
  const signIn = async (email: string, companyId?: string): Promise<string> => {
    const login = await send({
      method: 'post',
      template: '/api/login',
      url: '/api/login',
      caller: { name: email },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      note: 'signing in',
    });
    expect(login.status).toBe(200);
    if (!companyId) return login.body.jwtToken as string;
    const template = '/api/company/choose/{companyProfileId}';
    const chosen = await send({
      method: 'get',
      template,
      url: `/api/company/choose/${companyId}`,
      caller: { name: email, token: login.body.jwtToken as string },
      note: 'choosing the company',
    });
    expect(chosen.status).toBe(200);
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
  const from = (template: string) =>
    found.filter((f) => f.template === template).flatMap((f) => objectsIn(f.body).map((object) => ({ object, params: f.params })));
  const resources = () => document.paths['/api/documents/{resource}']!.get!.parameters!.find((p) => p.name === 'resource')!.schema!.enum!;

  /** Real path parameters for a route, from what the list calls answered. A route missing here fails the test. */
  let logProofs: { eventId: string; treeSize: string } | null = null;
  const realParams: Record<string, () => Record<string, string>[]> = {
    '/api/log/inclusion-proof': () => (logProofs ? [{ eventId: logProofs.eventId }] : []),
    '/api/log/consistency-proof': () => (logProofs ? [{ from: '0', to: logProofs.treeSize }] : []),
    '/api/company/custom-list/{id}': () => strings(from('/api/company/list').map((f) => f.object.companyProfileId)).map((id) => ({ id })),
    '/api/company/choose/{companyProfileId}': () =>
      strings(from('/api/company/list').map((f) => f.object.companyProfileId)).map((companyProfileId) => ({ companyProfileId })),
    '/api/company/registrations/{id}': () => strings(from('/api/company/list').map((f) => f.object.companyProfileId)).map((id) => ({ id })),
    '/api/company/invitations/{id}': () => [{ id: COMPANY_INVITATION_ID }],
    '/api/company/users/{id}/history': () => strings(from('/api/company/users').map((f) => f.object.id)).map((id) => ({ id })),
    // Teguh Bina's demo catalogue (another company's items: 404).
    ...Object.fromEntries(
      ['/api/catalogue-items/{id}', '/api/catalogue-items/{id}/history'].map((template) => [
        template,
        () =>
          strings(from('/api/catalogue-items').map((f) => f.object.id))
            .slice(0, 2)
            .map((id) => ({ id })),
      ]),
    ),
    '/api/company/directory/{id}': () => strings(from('/api/company/directory').map((f) => f.object.id)).map((id) => ({ id })),
    // The company profile: the caller's own lists, the demo sellers' profiles (shared with the buyer), their people's data (the seller's own, and for the platform admin).
    '/api/company/profile/lists/{list}': () => [{ list: 'shareholders' }, { list: 'machinery' }],
    '/api/company/profiles/{companyId}': () => [{ companyId: 'mutiara-supplies' }, { companyId: 'kukuh-jaya' }],
    '/api/company/profiles/{companyId}/lists/{list}': () => [
      { companyId: 'mutiara-supplies', list: 'machinery' },
      { companyId: 'kukuh-jaya', list: 'shareholders' },
    ],
    '/api/company/profile/people/{entryId}/personal-data': () =>
      strings(
        from('/api/company/profile')
          .filter((f) => typeof f.object.sharePercent === 'number')
          .map((f) => f.object.id),
      ).map((entryId) => ({ entryId })),
    '/api/company/profiles/{companyId}/people/{entryId}/personal-data': () =>
      strings(
        from('/api/company/profiles/{companyId}')
          .filter((f) => typeof f.object.sharePercent === 'number')
          .map((f) => f.object.id),
      ).map((entryId) => ({ companyId: 'mutiara-supplies', entryId })),
    '/api/documents/{resource}': () => resources().map((resource) => ({ resource })),
    '/api/documents/{resource}/{id}': () => documentIds(),
    '/api/documents/{resource}/{id}/history': () => documentIds(),
    '/api/workflows/{resource}': () => resources().map((resource) => ({ resource })),
    '/api/authority-manuals/{resource}': () =>
      strings(from('/api/authority-manuals').map((f) => f.object.resource)).map((resource) => ({ resource })),
    '/api/projects/{id}/authority-history': () =>
      strings(
        from('/api/project-list-by-user')
          .filter((f) => 'project_name' in f.object)
          .map((f) => f.object.id),
      ).map((id) => ({ id })),
    '/api/projects/{id}': () =>
      strings(
        from('/api/project-list-by-user')
          .filter((f) => 'project_name' in f.object)
          .map((f) => f.object.id),
      ).map((id) => ({ id })),
    '/api/projects/{id}/documents': () =>
      strings(
        from('/api/project-list-by-user')
          .filter((f) => 'project_name' in f.object)
          .map((f) => f.object.id),
      ).map((id) => ({ id })),
    '/api/projects/{id}/history': () =>
      strings(
        from('/api/project-list-by-user')
          .filter((f) => 'project_name' in f.object)
          .map((f) => f.object.id),
      ).map((id) => ({ id })),
    '/api/bill-of-quantity/{projectId}/export': () => projectIds(),
    '/api/project/{projectId}/bill-of-quantity-scan-list': () => projectIds(),
    '/api/project/{projectId}/bill-of-quantity-scans/{scanId}': () =>
      from('/api/project/{projectId}/bill-of-quantity-scan-list')
        .filter((f) => typeof f.object.id === 'string')
        .slice(0, REAL_VALUES)
        .map((f) => ({ projectId: f.params.projectId!, scanId: f.object.id as string })),
    '/api/audit/verify': () => documentIds(),
    '/api/audit/bundle': () => documentIds(),
    // Tendering: the demo's tenders (none has invitations or quotations yet: the buyer's sealed lists, 404 for a seller and for a history;
    // comparison, analysis and awards answer the buyer once a tender is past its close, 409 sealed before it).
    ...Object.fromEntries(
      [
        '/api/tendering/tenders/{tenderId}/invitations',
        '/api/tendering/tenders/{tenderId}',
        '/api/tendering/tenders/{tenderId}/quotations',
        '/api/tendering/tenders/{tenderId}/queries',
        '/api/tendering/tenders/{tenderId}/addenda',
        '/api/tendering/tenders/{tenderId}/comparison',
        '/api/tendering/tenders/{tenderId}/comparison/export',
        '/api/tendering/tenders/{tenderId}/analysis',
        '/api/tendering/tenders/{tenderId}/awards',
      ].map((template) => [template, () => tenderIds()]),
    ),
    '/api/tendering/email-invitations/{invitationId}': () => [{ invitationId: EMAIL_INVITATION_ID }],
    '/api/approval-links/{token}': () => approvalLinks(),
    // A company's files: the callers' companies (the demo has no file, so a document id after them is unknown).
    '/api/advertisements/{id}/image': () => strings(from('/api/advertisements').map((f) => f.object.id)).map((id) => ({ id })),
    '/api/admin/advertisements/{id}/image': () => strings(from('/api/admin/advertisements').map((f) => f.object.id)).map((id) => ({ id })),
    '/api/company-files/{companyId}': () =>
      strings(from('/api/company/list').map((f) => f.object.companyProfileId)).map((companyId) => ({ companyId })),
    '/api/company-files/{companyId}/{documentId}/versions/{version}': () =>
      strings(from('/api/company/list').map((f) => f.object.companyProfileId)).map((companyId) => ({
        companyId,
        documentId: UNKNOWN_ID,
        version: '1',
      })),
    // A project's requests of the three kinds: the demo's projects (another company's: 404).
    '/api/tendering/projects/{projectId}/requests': () => projectIds(),
    '/api/tendering/projects/{projectId}/bq-item-tenders': () => projectIds(),
    '/api/tendering/tenders/{tenderId}/quotations/{sellerCompanyId}/history': () =>
      tenderIds().map(({ tenderId }) => ({ tenderId, sellerCompanyId: 'mutiara-supplies' })),
    // Attachments: the demo's tenders with a seller of the demo; no file or question of theirs exists, so the ids after them are unknown.
    '/api/tendering/tenders/{tenderId}/quotations/{sellerCompanyId}/attachments': () =>
      tenderIds().map(({ tenderId }) => ({ tenderId, sellerCompanyId: 'mutiara-supplies' })),
    '/api/tendering/tenders/{tenderId}/quotations/{sellerCompanyId}/attachments/{attachmentId}': () =>
      tenderIds().map(({ tenderId }) => ({ tenderId, sellerCompanyId: 'mutiara-supplies', attachmentId: UNKNOWN_ID })),
    '/api/tendering/tenders/{tenderId}/queries/{queryId}/attachments': () =>
      tenderIds().map(({ tenderId }) => ({ tenderId, queryId: UNKNOWN_ID })),
    '/api/tendering/tenders/{tenderId}/queries/{queryId}/attachments/{attachmentId}': () =>
      tenderIds().map(({ tenderId }) => ({ tenderId, queryId: UNKNOWN_ID, attachmentId: UNKNOWN_ID })),
    // The demo's approved trade request: the tenders made from it (none yet); 404 for another company.
    '/api/tendering/requests/{resource}/{requestId}/tenders': () =>
      documentIds()
        .filter(({ resource }) => resource.endsWith('Request'))
        .map(({ resource, id }) => ({ resource, requestId: id })),
    // The members of the callers' companies: real people whose data the platform admin may export.
    '/api/personal-data/users/{userId}': () => strings(from('/api/company/members').map((f) => f.object.id)).map((userId) => ({ userId })),
    // A project's BQ (none in the demo: 404 bqNotFound for history, the empty BQ for the others).
    // A project's budget and progress plan (none in the demo: the empty view, 404 for history).
    ...Object.fromEntries(
      [
        '/api/projects/{id}/budget',
        '/api/projects/{id}/budget/history',
        '/api/projects/{id}/progress-plan',
        '/api/projects/{id}/progress-plan/history',
      ].map((template) => [
        template,
        () =>
          strings(
            from('/api/project-list-by-user')
              .filter((f) => 'project_name' in f.object)
              .map((f) => f.object.id),
          ).map((id) => ({ id })),
      ]),
    ),
    ...Object.fromEntries(
      ['/api/bill-of-quantity/{projectId}', '/api/bill-of-quantity/{projectId}/changes', '/api/bill-of-quantity/{projectId}/history'].map(
        (template) => [
          template,
          () =>
            strings(
              from('/api/project-list-by-user')
                .filter((f) => 'project_name' in f.object)
                .map((f) => f.object.id),
            ).map((projectId) => ({ projectId })),
        ],
      ),
    ),
    // Every event of the list: only some have participants, whose ids the routes below need.
    '/api/article/{id}/attendance': () =>
      [
        ...new Set(
          from('/api/article/organizer-list')
            .map((f) => f.object.id)
            .filter((id) => typeof id === 'string'),
        ),
      ].map((id) => ({ id: id })),
    // The offline scanner's lists of the same events.
    '/api/article/{id}/scanner-tickets': () =>
      [...new Set(from('/api/article/organizer-list').map((f) => f.object.id))]
        .filter((id) => typeof id === 'string')
        .slice(0, REAL_VALUES)
        .map((id) => ({ id: id })),
    '/api/article/{id}/scans': () =>
      [...new Set(from('/api/article/organizer-list').map((f) => f.object.id))]
        .filter((id) => typeof id === 'string')
        .slice(0, REAL_VALUES)
        .map((id) => ({ id: id })),
    '/api/event-participant/view/{id}/{article_id}/{user_id}': () =>
      from('/api/article/{id}/attendance')
        .filter((f) => typeof f.object.user_id === 'string' && typeof f.object.registration_id === 'string')
        .slice(0, REAL_VALUES)
        .map((f) => ({ id: f.object.registration_id as string, article_id: f.params.id!, user_id: f.object.user_id as string })),
    // Participants with a certificate: an approved one (200), a revoked one (410), one not yet approved (404).
    '/api/event-participant/download-certificate/{id}': () => {
      const certified = from('/api/article/{id}/attendance')
        .filter((f) => typeof f.object.certificate_no === 'string' && f.object.certificate_no !== '-')
        .map((f) => f.object);
      const picks = [
        certified.find((p) => p.approve_datetime !== '-' && p.revoked_datetime === '-'),
        certified.find((p) => p.revoked_datetime !== '-'),
        certified.find((p) => p.approve_datetime === '-'),
      ];
      return [...new Set(picks.filter((p) => p !== undefined).map((p) => p.registration_id as string))].map((id) => ({ id }));
    },
    // The same participants' certificates as verifiable credentials (a revoked one still downloads), and the first status list.
    '/api/event-participant/download-credential/{id}': () => {
      const certified = from('/api/article/{id}/attendance')
        .filter((f) => typeof f.object.certificate_no === 'string' && f.object.certificate_no !== '-')
        .map((f) => f.object);
      const picks = [
        certified.find((p) => p.approve_datetime !== '-' && p.revoked_datetime === '-'),
        certified.find((p) => p.revoked_datetime !== '-'),
        certified.find((p) => p.approve_datetime === '-'),
      ];
      return [...new Set(picks.filter((p) => p !== undefined).map((p) => p.registration_id as string))].map((id) => ({ id }));
    },
    '/api/credentials/status/{list}': () => [{ list: '1' }],
    // A company's setups: every kind (the demo's Teguh Bina keeps some of each), its items, the terms' first version (none in the demo: no rows).
    '/api/company-setups/{kind}': () => Object.values(SetupKindPaths).map((kind) => ({ kind })),
    '/api/reports/{report}': () => ReportNames.map((report) => ({ report })),
    '/api/company-setups/{kind}/{id}': () => setupItems(),
    '/api/company-setups/{kind}/{id}/history': () => setupItems(),
    '/api/company-terms/versions/{version}/acceptances': () => [{ version: '1' }],
    // The inquiry the set-up records (the contact form's human check is not solved in this suite).
    '/api/admin/inquiries/{id}': () => strings(from('/api/admin/inquiries').map((f) => f.object.id)).map((id) => ({ id })),
    // Subscriptions: the coupon and the billing record the set-up made (the platform admin's; another company's bill: 404), a setting changed and one not.
    '/api/coupons/{id}': () => strings(from('/api/coupons').map((f) => f.object.id)).map((id) => ({ id })),
    '/api/billings/{id}': () => strings(from('/api/billings').map((f) => f.object.id)).map((id) => ({ id })),
    '/api/billings/{id}/invoice.pdf': () => strings(from('/api/billings').map((f) => f.object.id)).map((id) => ({ id })),
    '/api/cheque-payments/{id}': () => strings(from('/api/cheque-payments').map((f) => f.object.id)).map((id) => ({ id })),
    // Inventory: the projects' movements and on-hand, and the movement the set-up recorded.
    '/api/inventory/projects/{projectId}/movements': () => projectIds(),
    '/api/inventory/projects/{projectId}/on-hand': () => projectIds(),
    '/api/inventory/projects/{projectId}/movements/{id}': () =>
      from('/api/inventory/projects/{projectId}/movements')
        .filter((f) => typeof f.object.movementNo === 'string')
        .map((f) => ({ projectId: f.params.projectId!, id: f.object.id as string }))
        .slice(0, 1),
    // Vendor appraisals: the one the set-up made (the buyer's; another company's: 404).
    '/api/vendor-appraisals/{id}': () => strings(from('/api/vendor-appraisals').map((f) => f.object.id)).map((id) => ({ id })),
    '/api/vendor-appraisals/vendors/{vendorId}': () =>
      strings(from('/api/vendor-appraisals').map((f) => f.object.vendorId)).map((vendorId) => ({ vendorId })),
    // The business network: the relations and conversations the lists answer (none in the demo: no rows).
    '/api/business-network/relations/{companyId}': () =>
      strings(from('/api/business-network/relations').map((f) => f.object.id)).map((companyId) => ({ companyId })),
    '/api/business-network/relations/{companyId}/evaluations': () =>
      strings(from('/api/business-network/relations').map((f) => f.object.id)).map((companyId) => ({ companyId })),
    '/api/business-network/conversations/{id}/messages': () =>
      strings(from('/api/business-network/conversations').map((f) => f.object.id)).map((id) => ({ id })),
    '/api/platform-configuration/{key}/history': () => [{ key: 'sstRate' }, { key: 'package.subcontractor-basic.price' }],
    '/api/test-get-transaction/{txId}': () =>
      strings(found.flatMap((f) => objectsIn(f.body)).flatMap((o) => [o.tx_id, o.register_tx_id])).map((txId) => ({ txId })),
  };
  const setupItems = () =>
    Object.values(SetupKindPaths).flatMap((kind) =>
      strings(
        from('/api/company-setups/{kind}')
          .filter((f) => f.params.kind === kind)
          .map((f) => f.object.id),
      )
        .slice(0, 1)
        .map((id) => ({ kind, id })),
    );
  const projectIds = () =>
    strings(
      from('/api/project-list-by-user')
        .filter((f) => 'project_name' in f.object)
        .map((f) => f.object.id),
    ).map((projectId) => ({ projectId }));
  const tenderIds = () =>
    strings(
      from('/api/documents/{resource}')
        .filter((f) => f.params.resource === 'tender')
        .map((f) => f.object.id),
    ).map((tenderId) => ({ tenderId }));
  const documentIds = () =>
    resources().flatMap((resource) =>
      strings(
        from(`/api/documents/{resource}`)
          .filter((f) => f.params.resource === resource)
          .map((f) => f.object.id),
      )
        .slice(0, 1)
        .map((id) => ({ resource, id })),
    );

  /** A link as an approval e-mail carries one, signed with the app's key, for a real order of the demo's: its GET describes it. */
  const approvalLinks = () =>
    from('/api/documents/{resource}')
      .filter(
        (f) => f.params.resource === 'purchaseOrder' && typeof f.object.createdBy === 'string' && typeof f.object.companyId === 'string',
      )
      .slice(0, 1)
      .map(({ object }) => ({
        token: signApprovalLink(app.get<Secrets>(SECRETS).approvalLinkKey, {
          userId: object.createdBy as string,
          companyId: object.companyId as string,
          resource: 'purchaseOrder',
          documentId: object.id as string,
          revision: 1,
          level: 20,
          action: 'approve',
          expiresAt: Math.floor(Date.now() / 1000) + 3600,
          nonce: 'conformanceApprovalLink',
        }),
      }));

  const send = async (call: Call) => {
    let pending = request(server())[call.method as 'get'](call.url);
    if (call.caller.token) pending = pending.set('authorization', `Bearer ${call.caller.token}`);
    for (const [name, value] of Object.entries(call.headers ?? {})) pending = pending.set(name, value);
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
    return query.length === 0
      ? path
      : `${path}?${query.map((p) => `${p.name}=${encodeURIComponent(params[p.name] ?? UNKNOWN_ID)}`).join('&')}`;
  };
  const operations = (method: (m: string) => boolean) =>
    Object.entries(document.paths).flatMap(([template, item]) =>
      Object.keys(item)
        .filter(method)
        .map((m) => ({ method: m, template })),
    );

  beforeAll(async () => {
    config = store === 'PGlite' ? await pgliteConfig(ENV) : postgresConfig(ENV);
    app = await startApp(config);
    await seedDemo(app);
    // A BQ scan pending review, so the scan routes are called with a real id too.
    const [project] = await app
      .get<SqlExecutor>(READ_MODELS)
      .query<{ project_id: string; company_id: string; created_by: string }>(
        "SELECT project_id, company_id, created_by FROM projects WHERE company_id = 'teguh-bina' ORDER BY name LIMIT 1",
      );
    await seedBqScan(app.get<EventStore>(EVENT_STORE), project!.project_id, project!.company_id, project!.created_by);
    // An e-mail invitation to a demo tender, written as EmailInvitationsService records it (no mail in this suite).
    const [tender] = await app
      .get<SqlExecutor>(READ_MODELS)
      .query<{ id: string; created_by: string }>(
        "SELECT id, created_by FROM documents WHERE resource = 'tender' AND company_id = 'teguh-bina' ORDER BY id LIMIT 1",
      );
    await app.get<EventStore>(EVENT_STORE).append({
      streamId: `tenderEmailInvitation-${EMAIL_INVITATION_ID}`,
      streamType: 'tenderEmailInvitation',
      expectedRevision: 'no_stream',
      events: [
        {
          type: 'TenderEmailInvitationSent',
          data: {
            tenderId: tender!.id,
            invitationId: EMAIL_INVITATION_ID,
            buyerCompanyId: 'teguh-bina',
            companyName: 'Conformance Sdn Bhd',
            email: 'conformance@example.my',
            by: tender!.created_by,
          },
          metadata: { actorUserId: tender!.created_by },
        },
      ],
    });
    // A person invited into a demo company by e-mail, as CompanyPeopleService records it (no mail in this suite).
    const invitedAt = new Date().toISOString();
    const invited = {
      type: 'WorkflowStatusChanged',
      schemaVersion: 1,
      resource: 'user',
      workflowEvent: 'Create',
      statusBefore: null,
      statusAfter: 'pending',
      actor: { userId: tender!.created_by, companyId: 'teguh-bina' },
      at: invitedAt,
      remark: null,
      approvalLevel: null,
      requiredLevels: null,
      allowSelfApproval: null,
      amount: null,
      ownerCompanyId: 'teguh-bina',
      counterpartyCompanyId: null,
      createdBySeller: null,
      machineVersion: 1,
    };
    await app.get<EventStore>(EVENT_STORE).append({
      streamId: 'company-teguh-bina',
      streamType: 'company',
      expectedRevision: 'stream_exists',
      events: [
        {
          type: 'CompanyMemberInvited',
          data: {
            memberId: COMPANY_INVITATION_ID,
            userId: null,
            invitationId: COMPANY_INVITATION_ID,
            email: 'invited@example.my',
            name: 'Invited Person',
            isSiteTeam: false,
          },
          metadata: { actorUserId: tender!.created_by },
        },
        {
          type: 'CompanyMemberStatusChanged',
          data: { memberId: COMPANY_INVITATION_ID, change: invited },
          metadata: { actorUserId: tender!.created_by },
        },
      ],
    });
    // A current advertisement with its 16:9 image in the file store, written as AdvertisementsService records it.
    const banner = PNG.sync.write(new PNG({ width: 160, height: 90 }));
    const kept = await app.get<FileStore>(FILE_STORE).put(Readable.from([banner]), { maxBytes: banner.length });
    const day = (plus: number) => new Date(Date.now() + 8 * 3_600_000 + plus * 86_400_000).toISOString().slice(0, 10);
    const image = {
      fileId: kept.id,
      sha256: kept.sha256,
      name: 'banner.png',
      mediaType: 'image/png',
      size: kept.size,
      width: 160,
      height: 90,
    };
    await app.get<EventStore>(EVENT_STORE).append({
      streamId: `advertisement-${ADVERTISEMENT_ID}`,
      streamType: 'advertisement',
      expectedRevision: 'no_stream',
      events: [
        {
          type: 'AdvertisementCreated',
          data: {
            advertisementId: ADVERTISEMENT_ID,
            title: 'Conformance banner',
            linkUrl: 'https://example.my',
            validFrom: day(-1),
            validTo: day(365),
            image,
            by: tender!.created_by,
          },
          metadata: { actorUserId: tender!.created_by },
        },
        {
          type: 'AdvertisementPublished',
          data: { advertisementId: ADVERTISEMENT_ID, reason: 'Conformance', by: tender!.created_by },
          metadata: { actorUserId: tender!.created_by },
        },
      ],
    });
    // An inquiry from the contact form, recorded as InquiriesService records it.
    const inquiry = decideReceive(
      CONFORMANCE_INQUIRY_ID,
      {
        name: 'Conformance Check',
        email: 'inquiry@example.my',
        phone: '',
        companyName: '',
        subject: 'A question',
        message: 'Is this document true?',
        language: 'en',
      },
      invitedAt,
    );
    await app.get<EventStore>(EVENT_STORE).append({
      streamId: `inquiry-${CONFORMANCE_INQUIRY_ID}`,
      streamType: 'inquiry',
      expectedRevision: 'no_stream',
      events: [{ type: inquiry.type, data: inquiry.data as unknown as JsonValue, metadata: { actorUserId: null } }],
    });
    document = (await request(server()).get('/api/docs-json').expect(200)).body as OpenApiDocument;
    validator = new OpenApiValidator(document);
    callers = await signInAll();
    // A coupon, a billing record and a cheque payment (the demo has none), made through the API, so their routes are called with real ids.
    const [admin, organizer] = [callers.find((c) => c.name === 'admin')!.token!, callers.find((c) => c.name === 'organizer')!.token!];
    // The business network (the demo has no relation): Teguh Bina invites Kukuh Jaya, so a relation and a conversation have real ids.
    await request(server())
      .post('/api/business-network/relations/kukuh-jaya/actions/Invite')
      .set('authorization', `Bearer ${organizer}`)
      .send({})
      .expect(200);
    await request(server())
      .put('/api/platform-configuration/package.subcontractor-basic.price')
      .set('authorization', `Bearer ${admin}`)
      .send({ value: 310_000, reason: 'Conformance' })
      .expect(200);
    await request(server())
      .post('/api/coupons')
      .set('authorization', `Bearer ${admin}`)
      .send({
        code: 'CONFORM10',
        discountType: 'percentage',
        discount: 10,
        packageIds: ['subcontractor-basic'],
        validFrom: '2000-01-01',
        validTo: '2999-12-31',
        maxUses: 10,
      })
      .expect(201);
    const bill = await request(server())
      .post('/api/subscriptions/orders')
      .set('authorization', `Bearer ${organizer}`)
      .send({ packageId: 'subcontractor-basic', couponCode: 'CONFORM10' })
      .expect(201);
    // A cheque recorded for that bill, so the cheque payment routes are called with a real id.
    await request(server())
      .post(`/api/billings/${bill.body.id as string}/cheque-payments`)
      .set('authorization', `Bearer ${organizer}`)
      .send({ kind: 'cheque', chequeNo: '000321', chequeDate: '2026-03-02', bank: 'Maybank', amount: bill.body.total as number })
      .expect(201);
    // A stock movement in Teguh Bina's tower project (the demo has none), so the inventory routes are called with a real id.
    const [tower] = await app
      .get<SqlExecutor>(READ_MODELS)
      .query<{ project_id: string; created_by: string }>("SELECT project_id, created_by FROM projects WHERE code = 'TB-MT-A'");
    const stockCreated = decide(
      'stock',
      null,
      { type: 'Create', at: invitedAt },
      {
        userId: tower!.created_by,
        companyId: 'teguh-bina',
        kind: 'user',
        authorities: { company: {}, project: { stock: [10] } },
      },
    );
    if (!stockCreated.ok) throw new Error('the stock machine refused the set-up movement');
    const movementId = '0195f000-0000-7000-8000-00000000570c';
    await app.get<EventStore>(EVENT_STORE).append({
      streamId: `stockLedger-${tower!.project_id}`,
      streamType: 'stockLedger',
      expectedRevision: 'no_stream',
      events: [
        {
          type: 'StockMovementRecorded',
          data: {
            movementId,
            movementNo: 'STK-0001',
            companyId: 'teguh-bina',
            projectId: tower!.project_id,
            kind: 'adjustment',
            fromLocationId: null,
            toLocationId: UNKNOWN_ID,
            deliveryOrderId: null,
            reason: 'Opening count',
            lines: [{ lineNo: 1, productId: UNKNOWN_ID, quantity: '1.000' }],
            by: tower!.created_by,
          },
          metadata: { actorUserId: tower!.created_by },
        },
        {
          type: 'StockMovementStatusChanged',
          data: { movementId, change: stockCreated.event as unknown as JsonValue, entries: [] },
          metadata: { actorUserId: tower!.created_by },
        },
      ],
    });
    // An appraisal of Mutiara Supplies by the buyer, on the demo's vendor appraisal questionnaire, so its routes are called with a real id.
    const buyer = callers.find((c) => c.name === 'buyer')!.token!;
    const questionnaires = await request(server())
      .get(`/api/company-setups/questionnaires?filter=${encodeURIComponent('{"status":"active"}')}`)
      .set('authorization', `Bearer ${buyer}`)
      .expect(200);
    const appraisal = (questionnaires.body as { type: string; minScore: number; questions: { id: string }[]; id: string }[]).find(
      (q) => q.type === 'vendorAppraisal',
    )!;
    await request(server())
      .post('/api/vendor-appraisals')
      .set('authorization', `Bearer ${buyer}`)
      .send({
        vendorId: 'mutiara-supplies',
        questionnaireId: appraisal.id,
        scores: appraisal.questions.map((q) => ({ questionId: q.id, score: appraisal.minScore })),
      })
      .expect(201);
    // A signed checkpoint of the log, so the proof routes are called with a real event and real tree sizes.
    const checkpoint = (await app.get(LogCheckpointer).tick({ force: true }))!;
    const [leaf] = await app
      .get<SqlExecutor>(READ_MODELS)
      .query<{ event_id: string }>('SELECT event_id FROM log_tree_leaves WHERE leaf_index = 0');
    logProofs = { eventId: leaf!.event_id, treeSize: String(checkpoint.treeSize) };
  }, 600_000);
  afterAll(async () => {
    await app?.close();
    if (config) await removeAppData(config);
  });

  it('answers every GET as declared, for every caller, with real and unknown ids', async () => {
    const gets = operations((m) => m === 'get');
    // Routes without parameters first, then those whose parameters come from them (lists before items).
    const rounds = [
      gets.filter((o) => needed(o).length === 0),
      gets.filter((o) =>
        [
          '/api/documents/{resource}',
          '/api/workflows/{resource}',
          '/api/authority-manuals/{resource}',
          '/api/article/{id}/attendance',
          '/api/article/{id}/scanner-tickets',
          '/api/article/{id}/scans',
          '/api/company/directory/{id}',
          '/api/company/custom-list/{id}',
          '/api/projects/{id}/authority-history',
          '/api/projects/{id}',
          '/api/projects/{id}/documents',
          '/api/projects/{id}/history',
          '/api/bill-of-quantity/{projectId}/export',
          '/api/project/{projectId}/bill-of-quantity-scan-list',
          '/api/company-setups/{kind}',
          '/api/inventory/projects/{projectId}/movements',
        ].includes(o.template),
      ),
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
        const variants = [
          ...real.map((params) => ({ params, note: 'real ids' })),
          ...(names.length > 0 ? [{ params: {}, note: 'unknown ids' }] : []),
        ];
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
    const listed = [...new Set(found.map((f) => f.template))].map(
      (t) => `${t}: ${found.filter((f) => f.template === t).length} bodies, ${from(t).length} objects`,
    );
    const diagnosis =
      missingRealIds.length === 0
        ? {}
        : { listed, statuses: Object.fromEntries([...statuses].map(([t, all]) => [t, [...new Set(all)].join(' ')])) };
    expect({ missingRealIds, ...diagnosis }).toEqual({ missingRealIds: [] });
  }, 300_000);

  it('answers every write as declared: a body that is not JSON, one that fails the checks, an unknown id, a caller without the right', async () => {
    callers = await signInAll();
    const writes = operations((m) => m !== 'get').sort(
      (a, b) => Number(SESSION_ENDING.has(`${a.method} ${a.template}`)) - Number(SESSION_ENDING.has(`${b.method} ${b.template}`)),
    );
    for (const { method, template } of writes) {
      // Writes never act on a real id: the kinds and events are real (so the route is reached), every id unknown.
      const params: Record<string, string> = {
        resource: resources()[0]!,
        event: 'Approve',
        kind: 'project-categories',
        action: 'Deactivate',
      };
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

  it('answers the writes a client makes most as declared when they succeed', async () => {
    const [kumar, lim, mei, aminah] = [
      await signIn('kumar@teguhbina.my', 'teguh-bina'),
      await signIn('lim@teguhbina.my', 'teguh-bina'),
      await signIn('mei@mutiarasupplies.my', 'mutiara-supplies'),
      await signIn('aminah@teguhbina.my', 'teguh-bina'),
    ];
    const outcomes: string[] = [];
    /** Sends a write that must succeed (2xx); its reply is checked against the document like every other. */
    const write = async (
      name: string,
      token: string | undefined,
      method: string,
      template: string,
      params: Record<string, string>,
      body?: unknown,
      headers?: Record<string, string>,
    ) => {
      const url = template.replace(/\{([^}]+)\}/g, (_, key: string) => encodeURIComponent(params[key]!));
      const reply = await send({
        method,
        template,
        url,
        caller: { name, token },
        body: body === undefined ? undefined : JSON.stringify(body),
        headers,
        note: 'a write that succeeds',
      });
      outcomes.push(`${method.toUpperCase()} ${template}: ${reply.status}${reply.status >= 300 ? ` ${JSON.stringify(reply.body)}` : ''}`);
      return reply;
    };
    const userId = async (email: string) => {
      const members = await request(server()).get('/api/company/members').set('authorization', `Bearer ${aminah}`).expect(200);
      return objectsIn(members.body).find((m) => m.email === email)?.id as string;
    };

    // A purchase order: created, edited, sent for approval, approved; and one more sent for approval in bulk.
    const order = {
      title: 'Cement, Block A',
      counterpartyCompanyId: 'mutiara-supplies',
      startDate: '2026-03-10',
      endDate: '2026-03-20',
      items: [{ description: 'Cement 50 kg', unit: 'bag', quantity: '200', rate: '24.00' }],
    };
    const created = await write('buyer', kumar, 'post', '/api/documents/{resource}', { resource: 'purchaseOrder' }, order);
    const id = created.body.id as string;
    const at = { resource: 'purchaseOrder', id };
    await write('buyer', kumar, 'put', '/api/documents/{resource}/{id}', at, { title: 'Cement, Block A, level 3' }, { 'If-Match': '1' });
    await write(
      'buyer',
      kumar,
      'post',
      '/api/documents/{resource}/{id}/actions/{event}',
      { ...at, event: 'Request_Approve' },
      {},
      { 'If-Match': '2' },
    );
    await write(
      'approver',
      lim,
      'post',
      '/api/documents/{resource}/{id}/actions/{event}',
      { ...at, event: 'Approve' },
      {},
      { 'If-Match': '3' },
    );
    const another = await write('buyer', kumar, 'post', '/api/documents/{resource}', { resource: 'purchaseOrder' }, order);
    // The bulk route is declared once per event (openapi/document-shape.ts): the template names the event.
    await write(
      'buyer',
      kumar,
      'post',
      '/api/documents/{resource}/actions/Request_Approve',
      { resource: 'purchaseOrder' },
      { items: [{ id: another.body.id, revision: 1 }] },
    );

    // A project: created, edited, a stage and a member added.
    const project = {
      project_name: 'Pangsapuri Bukit Jalil',
      project_code: `OA-${store}`,
      project_type: 3,
      location: 'Bukit Jalil, Kuala Lumpur',
      project_short_desc: 'Two blocks',
      site_contact_person: 'Kumar',
      site_contact_person_number: '+60 12-300 0003',
      project_category_name: 'Residential',
      region: 2,
      latitude: 3.06,
      longitude: 101.69,
    };
    const made = await write('administrator', aminah, 'post', '/api/projects', {}, project);
    const projectId = made.body.id as string;
    const edited = await write(
      'administrator',
      aminah,
      'put',
      '/api/projects/{id}',
      { id: projectId },
      { ...project, project_name: 'Pangsapuri Bukit Jalil, Phase 1' },
      { 'If-Match': `"${made.body.revision}"` },
    );
    await write('buyer', kumar, 'post', '/api/projects/{id}/stages', { id: projectId }, { name: 'Piling' });
    await write(
      'administrator',
      aminah,
      'post',
      '/api/projects/{id}/members',
      { id: projectId },
      { user_id: await userId('kumar@teguhbina.my') },
    );
    expect(edited.status).toBe(200);

    // An event: created, published, registered for by the public.
    const event = await write(
      'organizer',
      aminah,
      'post',
      '/api/article',
      {},
      { title: 'Crane Safety Talk', location: 'Shah Alam', date: '2027-03-02T01:00:00Z' },
    );
    const articleId = (event.body.data as { id: string }).id;
    await write('organizer', aminah, 'post', '/api/article/{id}/publish', { id: articleId });
    await write(
      'anonymous',
      undefined,
      'post',
      '/api/article/register',
      {},
      { article_id: articleId, name: 'Early Bird', email: 'early@example.my', contact: '0123456789' },
    );

    // Authority settings: a level assigned and taken back, a manual changed.
    const assignment = { code: 'invoice', user_id: await userId('farid@teguhbina.my'), workflow_level: 20 };
    await write('administrator', aminah, 'post', '/api/company-workflow/assignments', {}, assignment);
    await write('administrator', aminah, 'post', '/api/company-workflow/assignments/unassign', {}, assignment);
    const manual = (await request(server()).get('/api/authority-manuals/tender').set('authorization', `Bearer ${aminah}`).expect(200)).body
      .manual as { version: number };
    await write(
      'administrator',
      aminah,
      'put',
      '/api/authority-manuals/{resource}',
      { resource: 'tender' },
      {
        label: 'Tender approval',
        levels: [{ level: 20, limit: '60000' }],
        allowSelfApproval: false,
        roleType: 'company',
        roles: ['Approver'],
        expectedVersion: manual.version,
      },
    );

    // The seller's place in the public contractor directory: read, then taken off (the demo lists it).
    await write('seller', mei, 'get', '/api/company/directory-listing', {});
    await write('seller', mei, 'put', '/api/company/directory-listing', {}, { listed: false, reason: 'Fully booked this quarter.' });

    // The seller's profile: a machine added, changed and removed; its information and what it shares.
    const profile = (await write('seller', mei, 'get', '/api/company/profile', {})).body as { revision: number };
    await write(
      'seller',
      mei,
      'put',
      '/api/company/profile/information',
      {},
      { description: 'Building materials since 2012.', paidUpCapital: 500000, authorisedCapital: 1000000, dateIncorporated: '2012-03-14' },
      { 'If-Match': `"${profile.revision}"` },
    );
    const machine = await write(
      'seller',
      mei,
      'post',
      '/api/company/profile/lists/{list}',
      { list: 'machinery' },
      { brand: 'Hino', model: '700', capacity: '24 t', type: 'Lorry', quantity: 1, yearMade: 2022 },
    );
    await write(
      'seller',
      mei,
      'put',
      '/api/company/profile/lists/{list}/{entryId}',
      { list: 'machinery', entryId: machine.body.id },
      { brand: 'Hino', model: '700', capacity: '24 t', type: 'Lorry', quantity: 2, yearMade: 2022 },
    );
    await write(
      'seller',
      mei,
      'post',
      '/api/company/profile/lists/{list}/{entryId}/actions/Remove',
      { list: 'machinery', entryId: machine.body.id },
      { reason: 'Sold.' },
    );
    await write(
      'seller',
      mei,
      'put',
      '/api/company/profile/sharing',
      {},
      { tabs: ['information', 'registration', 'machinery'], reason: 'Owners not shared this year.' },
    );
    await write('seller', mei, 'get', '/api/company/profile/history', {});
    // A company's setups: a category created, edited, deactivated; a version of the terms published and accepted.
    const category = await write(
      'administrator',
      aminah,
      'post',
      '/api/company-setups/{kind}',
      { kind: 'project-categories' },
      { name: 'Conformance works', description: 'Checked against the document' },
    );
    const categoryAt = { kind: 'project-categories', id: category.body.item.id as string };
    await write('administrator', aminah, 'put', '/api/company-setups/{kind}/{id}', categoryAt, {
      name: 'Conformance works',
      description: 'Edited',
      reason: 'Clearer',
    });
    await write(
      'administrator',
      aminah,
      'post',
      '/api/company-setups/{kind}/{id}/actions/{action}',
      { ...categoryAt, action: 'Deactivate' },
      { reason: 'Done' },
    );
    const terms = await write(
      'administrator',
      aminah,
      'post',
      '/api/company-terms',
      {},
      { title: 'Conformance terms', contents: 'Checked against the document.' },
    );
    await write('administrator', aminah, 'post', '/api/company-terms/accept', {}, { version: terms.body.version });
    // A catalogue item: added, edited, retired and restored by the company's administrator.
    const item = await write(
      'administrator',
      aminah,
      'post',
      '/api/catalogue-items',
      {},
      { kind: 'product', code: 'OA-1', name: 'Sand, river', unit: 'tonne', unitPrice: '45' },
    );
    const itemAt = { id: item.body.id as string };
    await write(
      'administrator',
      aminah,
      'put',
      '/api/catalogue-items/{id}',
      itemAt,
      { code: 'OA-1', name: 'Sand, river, washed', unit: 'tonne', unitPrice: '48' },
      { 'If-Match': '"0"' },
    );
    await write('administrator', aminah, 'post', '/api/catalogue-items/{id}/actions/Retire', itemAt, { reason: 'No longer stocked' });
    await write('administrator', aminah, 'post', '/api/catalogue-items/{id}/actions/Restore', itemAt, { reason: 'Stocked again' });

    // The account: notifications cleared, a UI error reported, a reset asked for, signed out.
    await write('seller', mei, 'post', '/api/application/clear-notification-count', {});
    await write('seller', mei, 'post', '/api/log-ui-error', {}, { error: 'TypeError: x is undefined', error_info: 'in <Dashboard>' });
    await write(
      'anonymous',
      undefined,
      'post',
      '/api/users/forgot-password',
      {},
      { email: 'kumar@teguhbina.my', domainGroup: 'binaan', response_token: await solveHumanCheck(request(server())) },
    );
    await write('seller', mei, 'post', '/api/users/logout', {});

    expect(outcomes.filter((line) => !/: 2\d\d$/.test(line))).toEqual([]);
  }, 180_000);

  it('left no reply that the document does not declare or describe', () => {
    const report = [...problems.entries()].map(
      ([key, calls]) => `${key}\n    ${calls.slice(0, 3).join('\n    ')}${calls.length > 3 ? `\n    ... ${calls.length - 3} more` : ''}`,
    );
    expect({ pairs: report.length, report }).toEqual({ pairs: 0, report: [] });
  });
});
