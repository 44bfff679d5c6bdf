import { describe, expect, it } from '@jest/globals';
import { UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthenticationGuard } from './authentication.guard.js';
import { IS_PUBLIC } from './public.decorator.js';

const contextFor = (request: object, isPublic: boolean): ExecutionContext => {
  const handler = () => undefined;
  if (isPublic) Reflect.defineMetadata(IS_PUBLIC, true, handler);
  return {
    getHandler: () => handler,
    getClass: () => class {},
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
};

describe('authentication guard: secure by default', () => {
  const guard = new AuthenticationGuard(new Reflector());

  it('lets anyone through to a @Public() route', () => {
    expect(guard.canActivate(contextFor({}, true))).toBe(true);
  });

  it('lets a request with an authenticated user through', () => {
    expect(guard.canActivate(contextFor({ user: { id: 'u-1' } }, false))).toBe(true);
  });

  it('refuses everyone else with 401 and the unauthorized code', () => {
    const refusal = (() => {
      try {
        guard.canActivate(contextFor({}, false));
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(UnauthorizedException);
    expect((refusal as UnauthorizedException).getResponse()).toMatchObject({ errorCode: 'unauthorized' });
  });
});
