// The refusals every route shares, declared once from the metadata the guards and the request pipeline
// act on, so the document cannot forget them on a new route:
//   401  every route that is not @Public() (AuthenticationGuard: unauthorized, showEula)
//   403  every route that is not @Public() (passwordChangeRequired unless @AllowRestricted(); readOnlyToken on
//        writes; noAccessRight where @RequireAccessRight names the rights, the same metadata ModuleAccessGuard reads)
//   404  every route with a path parameter (an unknown id, resource or event)
//   400, 413, 415  every route with a body (Fastify parses it before any guard: not JSON, over BODY_LIMIT,
//        another content type), and 400 validationFailed from the checks
//   429  routes marked @ApiRateLimited(), with Retry-After
//   503  every route that reads the store (all but @ApiStoreFree()): storeUnavailable with Retry-After
// Also from the handler: a route whose handler takes @Body() but declares no body shape gets a JSON object
// body (so a client knows to send one), and a route that declares only refusals keeps its success status.
// A status a route already declares keeps its own description; an error status without a body schema gets
// the ErrorReply schema. Route-specific refusals (409, 410, 422, 428, ...) are declared on the routes.
import type { INestApplication } from '@nestjs/common';
import { HTTP_CODE_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { ACCESS_RIGHT, type AccessRightNeed } from '../common/access-right.decorator.js';
import { BODY_LIMIT } from '../common/json-bodies.js';
import { ALLOW_RESTRICTED, IS_PUBLIC } from '../common/public.decorator.js';
import { API_RATE_LIMITED, API_STORE_FREE } from './api-replies.decorators.js';

type Handler = (...args: unknown[]) => unknown;
type Route = { controller: Handler; handler: Handler };
type Response = { description?: string; content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> };
type Operation = { operationId?: string; responses?: Record<string, Response>; requestBody?: unknown };

const BODY_METHODS = new Set(['post', 'put', 'patch']);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;
const ERROR_REPLY = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorReply' } } };
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } };

/** Every route handler by its operation id (`Controller_method`, as buildOpenApiDocument names them). */
export function routeHandlers(app: INestApplication): Map<string, Route> {
  const routes = new Map<string, Route>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Handler | null;
      if (typeof controller !== 'function') continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(prototype)) {
        const handler = key === 'constructor' ? undefined : (Object.getOwnPropertyDescriptor(prototype, key)?.value as unknown);
        if (typeof handler === 'function') routes.set(`${controller.name}_${key}`, { controller, handler: handler as Handler });
      }
    }
  }
  return routes;
}

/** The handler's metadata, else its controller's (Reflector.getAllAndOverride's order). */
function metadata<T>(key: string, route: Route): T | undefined {
  const own = Reflect.getMetadata(key, route.handler) as T | undefined;
  return own !== undefined ? own : (Reflect.getMetadata(key, route.controller) as T | undefined);
}

function rightsText(need: AccessRightNeed): string {
  if (typeof need === 'function') return 'the right the route parameters call for (the module of the resource, the kind of the event)';
  return typeof need === 'string' ? need : need.join(' or ');
}

function declare(operation: Operation, status: number, description: string, headers?: Record<string, unknown>): void {
  const responses = (operation.responses ??= {});
  const given = responses[String(status)];
  if (!given) {
    responses[String(status)] = { description, content: ERROR_REPLY, ...(headers ? { headers } : {}) };
    return;
  }
  given.content ??= ERROR_REPLY;
  if (headers) given.headers = { ...headers, ...given.headers };
}

/** Whether the handler reads the body (@Body() on one of its parameters). */
function takesBody(route: Route, name: string): boolean {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, route.controller, name) ?? {}) as Record<string, unknown>;
  return Object.keys(args).some((key) => key.split(':')[0] === String(RouteParamtypes.BODY));
}

/** The success status Nest answers: @HttpCode, else 201 for POST and 200 for the rest. */
function successStatus(route: Route, method: string): number {
  return (Reflect.getMetadata(HTTP_CODE_METADATA, route.handler) as number | undefined) ?? (method === 'post' ? 201 : 200);
}

/** Adds the shared refusals to every operation of the document (in place). */
export function declareSharedRefusals(document: OpenAPIObject, routes: Map<string, Route>): void {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      const route = operation?.operationId ? routes.get(operation.operationId) : undefined;
      if (!operation || !route) continue;
      const isPublic = metadata<boolean>(IS_PUBLIC, route) === true;
      const need = metadata<AccessRightNeed>(ACCESS_RIGHT, route);
      const name = operation.operationId!.slice(route.controller.name.length + 1);
      if (!operation.requestBody && takesBody(route, name)) {
        operation.requestBody = {
          required: true,
          content: { 'application/json': { schema: { type: 'object', description: 'See the summary for its fields' } } },
        };
      }
      if (!Object.keys(operation.responses ?? {}).some((status) => status.startsWith('2'))) {
        (operation.responses ??= {})[String(successStatus(route, method))] = { description: 'OK' };
      }
      if (BODY_METHODS.has(method)) {
        declare(operation, 400, 'validationFailed: the body is not JSON, or fields fail the checks (fields names them)');
        declare(operation, 413, `payloadTooLarge: the body is over ${BODY_LIMIT / 1024} KiB`);
        declare(operation, 415, 'unsupportedMediaType: send application/json');
      }
      if (!isPublic) {
        declare(operation, 401, 'unauthorized: no session, or it has ended; showEula: accept the terms first');
        const reasons = [
          ...(metadata<boolean>(ALLOW_RESTRICTED, route) ? [] : ['passwordChangeRequired: change the password first']),
          ...(method === 'get' || method === 'head' ? [] : ['readOnlyToken: a read-only token cannot change anything']),
          ...(need === undefined ? [] : [`noAccessRight: needs ${rightsText(need)} in the chosen company`]),
        ];
        if (reasons.length > 0) declare(operation, 403, reasons.join('; '));
      }
      if (/\{[^}]+\}/.test(path)) declare(operation, 404, 'notFound: nothing has this id (or it belongs to another company)');
      if (metadata<boolean>(API_RATE_LIMITED, route))
        declare(operation, 429, 'tooManyRequests: over the budget of this address (Retry-After)', RETRY_AFTER);
      if (!metadata<boolean>(API_STORE_FREE, route))
        declare(operation, 503, 'storeUnavailable: the store cannot be reached (Retry-After)', RETRY_AFTER);
    }
  }
}
