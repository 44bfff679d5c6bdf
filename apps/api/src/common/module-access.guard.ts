// Checks the access right a route declared with @RequireAccessRight, on the server, on every request:
// the rights are read from the store with the principal (identity/session.service.ts), so a role change
// takes effect at once. Missing right: 403 noAccessRight. Runs after the global AuthenticationGuard
// (controller guards come after global ones), so the principal is there.
import { ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCodes, hasAnyAccessRight, type AccessRight } from '@binaan/contracts';
import { ACCESS_RIGHT, type AccessRightNeed } from './access-right.decorator.js';
import type { AuthenticatedRequest } from './principal.js';

type RoutedRequest = AuthenticatedRequest & { params?: Record<string, string | undefined> };

export function rightsNeeded(need: AccessRightNeed, params: Readonly<Record<string, string | undefined>>): readonly AccessRight[] | null {
  if (typeof need === 'function') return need(params);
  return typeof need === 'string' ? [need] : need;
}

@Injectable()
export class ModuleAccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const need = this.reflector.getAllAndOverride<AccessRightNeed | undefined>(ACCESS_RIGHT, [context.getHandler(), context.getClass()]);
    if (need === undefined) return true;
    const request = context.switchToHttp().getRequest<RoutedRequest>();
    const principal = request.principal;
    // No company chosen yet: the route answers companyNotChosen, which tells the caller what to do.
    if (!principal || principal.companyId === null) return true;
    const rights = rightsNeeded(need, request.params ?? {});
    if (rights === null || rights.length === 0 || hasAnyAccessRight(principal.accessRights, ...rights)) return true;
    throw new ForbiddenException({
      errorCode: ErrorCodes.noAccessRight,
      errorMessage: `This needs the access right ${rights.join(' or ')} in the chosen company.`,
    });
  }
}
