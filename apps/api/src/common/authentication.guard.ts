// Secure by default: a global guard lets a request through only to a @Public() route or with an
// authenticated user on the request. The identity context sets `request.user` from the session token;
// until a route is public or a user is there, the answer is 401.

import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCodes } from '@binaan/contracts';
import { IS_PUBLIC } from './public.decorator.js';

@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<{ user?: unknown }>();
    if (request.user) return true;
    throw new UnauthorizedException({ errorCode: ErrorCodes.unauthorized, errorMessage: 'Sign in first.' });
  }
}
