// A route declares the access right it needs with one decorator (house style 6); ModuleAccessGuard checks
// it against the caller's rights in the chosen company. Rights follow the spec's module model (§6): a
// route needs any one of the names it declares. A route whose right depends on the request (the module of
// a :resource parameter, the kind of a workflow :event) declares a function of the route's parameters.
import { SetMetadata } from '@nestjs/common';
import type { AccessRight } from '@binaan/contracts';

export const ACCESS_RIGHT = 'binaan:accessRight';

/**
 * The rights a request needs, from its route parameters. Null: nothing to check here, because the route
 * itself answers that request with a more useful refusal (an unknown resource is 404).
 */
export type AccessRightOf = (params: Readonly<Record<string, string | undefined>>) => readonly AccessRight[] | null;

export type AccessRightNeed = AccessRight | readonly AccessRight[] | AccessRightOf;

/** The access right(s) a route (or every route of a controller) needs; any one of them suffices. */
export const RequireAccessRight = (need: AccessRightNeed) => SetMetadata(ACCESS_RIGHT, need);
