// The OpenAPI document of the whole API: JSON at /api/docs-json, Swagger UI at /api/docs. Swagger serves
// both straight from the HTTP adapter, outside Nest's router, so the global authentication guard never
// sees them: they are public like the health check. The document is built on the first request (the
// scanner walks every controller), so starting the API costs nothing.
//
// Security is derived, not repeated on each route: every operation needs the bearer session token
// except those whose handler or controller is @Public(), which get `security: []`. Operations without a
// tag of their own are tagged by the context their path belongs to.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { NotFoundException, type INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { toErrorReply } from '../common/error-reply.filter.js';
import { fileUnder, sendFile } from '../common/static-files.js';
import { IS_PUBLIC } from '../common/public.decorator.js';
import { documentSchemas } from './document-schemas.js';
import { declareMalformedRequests, describeCallersAndRefusals, expandBulkActions } from './document-shape.js';
import { declareSharedRefusals, routeHandlers } from './refusals.js';

export const DOCS_PATH = 'api/docs';
export const DOCS_JSON_PATH = 'api/docs-json';
export const BEARER = 'bearer';

/** Tags per bounded context, with the path prefixes (after /api/) that fall to each when a route has none. */
const CONTEXT_TAGS: readonly { name: string; description: string; prefixes: readonly string[] }[] = [
  {
    name: 'identity',
    description: 'Sign-up with a mobile code, activation, sign-in, sessions, passwords, terms',
    prefixes: ['login', 'users', 'pin-code', 'accept-eula', 'eula-version', 'application', 'log-ui-error'],
  },
  { name: 'companies', description: 'Company list and choice, calls for interest', prefixes: ['company', 'call-for-interest'] },
  {
    name: 'authority',
    description: 'Company and project workflow assignments, authority manuals',
    prefixes: ['company-workflow', 'authority'],
  },
  { name: 'projects', description: 'Projects and their workflow assignments', prefixes: ['project', 'projects', 'project-list-by-user'] },
  {
    name: 'documents',
    description: 'Documents through the workflow machines: lists, create, edit, actions, history, as-of replay (/api/documents/<resource>)',
    prefixes: ['documents'],
  },
  {
    name: 'tendering',
    description: 'Invitations to a tender and sealed quotations: no rate or total reaches the buyer before the close',
    prefixes: ['tendering'],
  },
  { name: 'workflows', description: 'The machine catalogue', prefixes: ['workflows'] },
  {
    name: 'approval-links',
    description: "An approval e-mail's signed, single-use approve and reject links: what one is for, and its use as the recipient",
    prefixes: ['approval-links'],
  },
  {
    name: 'bills-of-quantity',
    description:
      "A project's bill of quantity: tabs, trees of headers and items (the tree table's operations at bq-item/<operation>), build-ups, approval, changes since a revision and the live stream",
    prefixes: ['bq-item', 'bq-tab', 'bq-build-up', 'bill-of-quantity', 'bills-of-quantity'],
  },
  {
    name: 'budgets',
    description:
      "A project's ongoing budget per trade code against what was committed and claimed, its approval (/api/projects/<id>/budget), the company's list",
    prefixes: ['ongoing-budgets'],
  },
  {
    name: 'progress-plans',
    description:
      "A project's progress plan: planned dates and percent complete per BQ row, its approval (/api/projects/<id>/progress-plan), the company's list",
    prefixes: ['progress-plans'],
  },
  {
    name: 'certificates',
    description:
      'Events (the spec\'s "articles"), public registration, attendance scanned at the door, certificates issued, approved, e-mailed and revoked. ' +
      'Verification recomputes every check (Ed25519 signature, key validity at issue, record, hashes, chain, attendance, approval, revocation); ' +
      'the signing keys are published at /.well-known/jwks.json. Public lookups are rate-limited per address (429 with Retry-After)',
    prefixes: ['landing', 'article', 'event-participant', 'test-get-transaction', 'association'],
  },
  { name: 'audit', description: 'Hash-chain verification and store statistics for auditors', prefixes: ['audit'] },
  {
    name: 'transparency-log',
    description: 'Signed checkpoints of a Merkle tree over the whole log (RFC 9162), and inclusion and consistency proofs into them',
    prefixes: ['log'],
  },
  { name: 'human-check', description: 'The self-hosted proof-of-work check (ALTCHA)', prefixes: ['human-check'] },
  { name: 'developer', description: 'Developer helpers (hidden in production)', prefixes: ['dev'] },
  { name: 'health', description: 'Liveness and the store in use', prefixes: ['health'] },
  // Tags that controllers give themselves (@ApiTags): defined here so the document describes every tag it uses.
  {
    name: 'admin',
    description:
      "The platform's admin module (platform staff, user type 2): staff and their rights, advertisements, the e-mail log; each route checks the admin right it names",
    prefixes: [],
  },
  {
    name: 'advertisements',
    description: 'The advertisements the public landing page shows now (published, within their dates)',
    prefixes: [],
  },
  {
    name: 'catalogue-items',
    description:
      "A company's catalogue: the products, trades and other items it buys or sells, offered to document lines and the BQ (not the workflow catalogue of /api/workflows)",
    prefixes: [],
  },
  {
    name: 'company files',
    description: "A company's logo and its documents, each version kept (50 MB each, the company's total capped)",
    prefixes: [],
  },
  {
    name: 'company-setups',
    description:
      'What a company keeps for itself: profit parameters, project categories, regions, questionnaires, and its own terms and agreements with their acceptances',
    prefixes: [],
  },
  {
    name: 'data-import',
    description:
      "Excel upload into a company's catalogue items, users and machinery: a preview first, then every row recorded through the command that records one by hand",
    prefixes: [],
  },
  {
    name: 'inquiries',
    description: "The public contact form's messages, and the admin module's inquiries (new, close, cancel)",
    prefixes: [],
  },
  {
    name: 'notifications',
    description: "A user's feed of what needs them or concerns them, its unread count, and clearing it",
    prefixes: [],
  },
  {
    name: 'personal data',
    description: 'What the platform holds about a person, and forgetting it without breaking the verifiable history',
    prefixes: [],
  },
  {
    name: 'platform-configuration',
    description: "The figures the platform charges and limits by, and each package's price and caps, with every change's history",
    prefixes: [],
  },
  {
    name: 'reports',
    description:
      "A company's buyer, seller and developer reports and the platform's, as they stand or as they stood at a past time (chart, table, CSV, .xlsx)",
    prefixes: [],
  },
  {
    name: 'subscriptions',
    description:
      'What a company subscribes to and is billed: packages, quotes, orders, billing records, invoices, payments (online and by cheque), coupons',
    prefixes: [],
  },
  // Vendor appraisals (vendor-appraisals/README.md).
  {
    name: 'vendor-appraisals',
    description: "A company's appraisals of its vendors on its own questionnaires: appraise, withdraw, its list, a vendor's history",
    prefixes: ['vendor-appraisals'],
  },
  {
    name: 'inventory',
    description:
      "A project's stock: site locations, stock received from delivery orders, stock out and utilisation, transfers, adjustments, on-hand (also as of a date)",
    prefixes: ['inventory'],
  },
  {
    name: 'business-network',
    description:
      'Partners and clients between companies: invitations, answers, keeping in view, the conversations between two companies, partner evaluations',
    prefixes: ['business-network'],
  },
];

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;
type Operation = { operationId?: string; tags?: string[]; security?: Record<string, string[]>[] };

/** `Controller_method` of every route handler that is @Public() (on itself or its controller). */
export function publicOperationIds(app: INestApplication): Set<string> {
  const ids = new Set<string>();
  for (const [id, { controller, handler }] of routeHandlers(app)) {
    if (Reflect.getMetadata(IS_PUBLIC, controller) === true || Reflect.getMetadata(IS_PUBLIC, handler) === true) ids.add(id);
  }
  return ids;
}

/** The context of a path by its first segment: the longest matching prefix wins (company-workflow is authority's). */
function contextTag(path: string): string | undefined {
  const first = path.replace(/^\/api\//, '').split('/')[0] ?? '';
  let best: { name: string; length: number } | undefined;
  for (const tag of CONTEXT_TAGS) {
    for (const prefix of tag.prefixes) {
      const matches = first === prefix || first.startsWith(`${prefix}-`);
      if (matches && (!best || prefix.length > best.length)) best = { name: tag.name, length: prefix.length };
    }
  }
  return best?.name ?? (first || undefined);
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Binaan API')
    .setDescription(
      'Construction procurement on an append-only, hash-chained event store. Sign in with POST /api/login, choose a company with ' +
        'GET /api/company/choose/{companyProfileId}, then send `Authorization: Bearer <jwtToken>`. A read-only token may also travel as the ' +
        'query `t` of a GET. Errors are `{ success: false, errorCode, errorMessage, fields? }`.',
    )
    .setVersion('1')
    // Relative: the document is served by the API it describes, at whatever address that is.
    .addServer('/', 'This API, at the address the document was read from')
    // No licence in package.json (private): the product's terms of service govern its use.
    .setLicense('Proprietary: Binaan terms of service', '/terms-of-service')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The session token (jwtToken) from login or company/choose' },
      BEARER,
    )
    .addSecurityRequirements(BEARER);
  for (const tag of CONTEXT_TAGS) builder.addTag(tag.name, tag.description);
  const document = SwaggerModule.createDocument(app, builder.build(), {
    autoTagControllers: false,
    operationIdFactory: (controller, method) => `${controller}_${method}`,
  });
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...documentSchemas } };
  const open = publicOperationIds(app);
  declareSharedRefusals(document, routeHandlers(app));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      if (operation.operationId && open.has(operation.operationId)) operation.security = [];
      if (!operation.tags || operation.tags.length === 0) {
        const tag = contextTag(path);
        if (tag) operation.tags = [tag];
      }
    }
  }
  expandBulkActions(document);
  declareMalformedRequests(document);
  describeCallersAndRefusals(document);
  return document;
}

/**
 * Serves the document (JSON at /api/docs-json, built on the first request) and Swagger UI (/api/docs, its
 * assets from swagger-ui-dist under /api/docs/; the session persists across reloads). Straight on Fastify, outside Nest's router: public like
 * the health check. (SwaggerModule.setup would do the same through @fastify/static, which the API does
 * not carry: see common/static-files.ts.)
 */
export function mountOpenApi(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const assets = swaggerUiAssets();
  let json: string | undefined;
  fastify.get(`/${DOCS_JSON_PATH}`, (_request, reply) => {
    json ??= JSON.stringify(buildOpenApiDocument(app));
    return reply.header('Content-Type', 'application/json; charset=utf-8').send(json);
  });
  fastify.get(`/${DOCS_PATH}`, (_request, reply) => reply.header('Content-Type', 'text/html; charset=utf-8').send(SWAGGER_PAGE));
  fastify.get(`/${DOCS_PATH}/:file`, (request, reply) => {
    const name = (request.params as { file: string }).file;
    if (name === SWAGGER_START)
      return reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(SWAGGER_START_SCRIPT);
    const file = SWAGGER_ASSETS.has(name) ? fileUnder(assets, name) : null;
    if (!file) return reply.code(404).send(toErrorReply(new NotFoundException('No such file.')).body);
    return sendFile(request, reply, file, 'public, max-age=3600');
  });
}

const SWAGGER_START = 'binaan-start.js';
const SWAGGER_ASSETS = new Set([
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
]);

/** swagger-ui-dist's folder (its own absolute-path helper), beside our init script. */
function swaggerUiAssets(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

const SWAGGER_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Binaan API</title>
  <link rel="stylesheet" href="/${DOCS_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="/${DOCS_PATH}/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/${DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script src="/${DOCS_PATH}/swagger-ui-standalone-preset.js"></script>
  <script src="/${DOCS_PATH}/${SWAGGER_START}"></script>
</body>
</html>
`;

/** Swagger UI's start, a file of its own: the Content-Security-Policy allows no inline script (common/security-headers.ts). */
const SWAGGER_START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/${DOCS_JSON_PATH}', dom_id: '#swagger-ui', deepLinking: true, persistAuthorization: true, validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout',
});
`;
