// Secure by default: a global guard authenticates every request that carries a token, and lets it
// through only to a @Public() route or with a principal. A read-only token may only read (GET/HEAD). A
// sign-in that still needs the terms accepted or the password changed reaches only the routes marked
// @AllowRestricted(); anything else answers the spec's ShowEula (401) or passwordChangeRequired (403). A member
// whose company's terms wait for acceptance reaches those routes and @AllowCompanyTermsPending() ones (403
// companyTermsNotAccepted otherwise).

import {
  ForbiddenException,
  Inject,
  Injectable,
  Optional,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCodes } from '@binaan/contracts';
import { AUTHENTICATOR, type AuthenticatedRequest, type Authenticator } from './principal.js';
import { SERVICE_AVAILABILITY, type ServiceAvailability } from '../subscriptions/subscription-standing.service.js';
import { ALLOW_COMPANY_TERMS_PENDING, ALLOW_RESTRICTED, IS_PUBLIC } from './public.decorator.js';

const READ_METHODS = new Set(['GET', 'HEAD']);

@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Optional() @Inject(AUTHENTICATOR) private readonly authenticator?: Authenticator,
    @Optional() @Inject(SERVICE_AVAILABILITY) private readonly availability?: ServiceAvailability,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (isPublic) {
      // A public route still learns who calls when the token is good (logout), but never refuses for it.
      request.principal = (await this.authenticator?.authenticate(request).catch(() => null)) ?? undefined;
      return true;
    }
    const principal = request.principal ?? (await this.authenticator?.authenticate(request)) ?? undefined;
    if (!principal) throw new UnauthorizedException({ errorCode: ErrorCodes.unauthorized, errorMessage: 'Sign in first.' });
    request.principal = principal;
    if (principal.readOnly && !READ_METHODS.has(request.method)) {
      throw new ForbiddenException({ errorCode: ErrorCodes.readOnlyToken, errorMessage: 'A read-only token cannot change anything.' });
    }
    if (principal.restriction === 'companyTerms') {
      const allowed =
        this.reflector.getAllAndOverride<boolean>(ALLOW_RESTRICTED, targets) ||
        this.reflector.getAllAndOverride<boolean>(ALLOW_COMPANY_TERMS_PENDING, targets);
      if (!allowed)
        throw new ForbiddenException({
          errorCode: ErrorCodes.companyTermsNotAccepted,
          errorMessage: "Accept the company's terms to work in it.",
        });
      return true;
    }
    if (principal.restriction && !this.reflector.getAllAndOverride<boolean>(ALLOW_RESTRICTED, targets)) {
      if (principal.restriction === 'eula')
        throw new UnauthorizedException({ errorCode: ErrorCodes.showEula, errorMessage: 'Accept the terms to continue.' });
      throw new ForbiddenException({ errorCode: ErrorCodes.passwordChangeRequired, errorMessage: 'Change your password to continue.' });
    }
    // Past the grace period of an unpaid subscription the company's writes wait for payment (reads go on).
    if (!READ_METHODS.has(request.method) && this.availability)
      await this.availability.mustAllowWrite(principal, (request as { url?: string }).url ?? '');
    return true;
  }
}
