// What buildOpenApiDocument does to the scanned document so that integrators' linters (Redocly's
// recommended rules, Spectral's spectral:oas; test/api-e2e/openapi-lint.e2e.ts) read it without a
// finding, each step said in apps/api/src/openapi/README.md with its reason:
//   - the bulk action path is declared once per workflow event (the route is unchanged);
//   - an operation with no 4xx of its own declares the 4XX that every route answers a malformed request with;
//   - every operation's description ends with who may call it and what it refuses, read from its responses.
import type { OpenAPIObject } from '@nestjs/swagger';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;
type Parameter = { name: string; in: string; schema?: { enum?: string[] } };
type Response = { description?: string };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  security?: unknown[];
  responses?: Record<string, Response>;
};

/** The bulk route, whose `{event}` would make it ambiguous with /api/documents/{resource}/{id}/history. */
export const BULK_ACTIONS_PATH = '/api/documents/{resource}/actions/{event}';

function operations(document: OpenAPIObject): [string, string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = (item as Record<string, Operation | undefined>)[method];
      return operation ? [[path, method, operation] as [string, string, Operation]] : [];
    }),
  );
}

/**
 * POST /api/documents/{resource}/actions/{event} and GET /api/documents/{resource}/{id}/history both
 * have two parameters in five segments, so a linter cannot tell `…/x/actions/history` apart (the router
 * can: the methods differ and `actions` is no id). The events are a closed list, so the document names
 * one path per event, in the order of the list, and the path the UI calls stays as it is.
 */
export function expandBulkActions(document: OpenAPIObject): void {
  const item = document.paths[BULK_ACTIONS_PATH] as Record<string, Operation> | undefined;
  const operation = item?.post;
  const events = operation?.parameters?.find((parameter) => parameter.name === 'event' && parameter.in === 'path')?.schema?.enum;
  if (!operation || !events) return;
  const paths: OpenAPIObject['paths'] = {};
  for (const [path, value] of Object.entries(document.paths)) {
    if (path !== BULK_ACTIONS_PATH) {
      paths[path] = value;
      continue;
    }
    for (const event of events) {
      paths[BULK_ACTIONS_PATH.replace('{event}', event)] = {
        post: {
          ...operation,
          operationId: `${operation.operationId ?? 'bulk'}_${event}`,
          summary: `${event} up to 10 documents of one kind at once`,
          parameters: operation.parameters?.filter((parameter) => parameter.name !== 'event'),
        },
      } as OpenAPIObject['paths'][string];
    }
  }
  document.paths = paths;
}

const MALFORMED = {
  description:
    "A malformed request, refused before the route runs: a path that cannot be decoded (400), headers over the server's limit (431)",
};

/** Every route can refuse a malformed request; an operation that declares no 4xx of its own says so. */
export function declareMalformedRequests(document: OpenAPIObject): void {
  for (const [, , operation] of operations(document)) {
    const responses = (operation.responses ??= {});
    if (!Object.keys(responses).some((status) => /^4/.test(status))) responses['4XX'] = MALFORMED;
  }
}

/** The caller and the refusals, from the security and the declared responses (so they cannot drift from the guards). */
function callerAndRefusals(operation: Operation): string {
  const open = Array.isArray(operation.security) && operation.security.length === 0;
  const caller = open
    ? 'Who may call it: anyone, without a session.'
    : 'Who may call it: a signed-in user, with the session token as `Authorization: Bearer` (or, on a GET, a read-only token as `t`); 403 below names what else it needs.';
  const refusals = Object.entries(operation.responses ?? {})
    .filter(([status]) => /^[45]/.test(status))
    .map(([status, response]) => `- ${status}: ${response.description ?? ''}`);
  return refusals.length ? `${caller}\n\nRefuses:\n${refusals.join('\n')}` : caller;
}

/** Appends who may call each operation and what it refuses to the description it was given (if any). */
export function describeCallersAndRefusals(document: OpenAPIObject): void {
  for (const [, , operation] of operations(document)) {
    const given = operation.description?.trim();
    operation.description = given ? `${given}\n\n${callerAndRefusals(operation)}` : callerAndRefusals(operation);
  }
}
