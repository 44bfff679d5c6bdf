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

  const principal = {
    userId: 'u-1',
    sessionId: 's-1',
    email: 'a@b.my',
    userType: 1 as const,
    companyId: null,
    accessRights: '',
    readOnly: false,
    restriction: null,
  };

  it('lets anyone through to a @Public() route', async () => {
    expect(await guard.canActivate(contextFor({ method: 'POST', headers: {}, query: {} }, true))).toBe(true);
  });

  it('lets a request with an authenticated principal through', async () => {
    expect(await guard.canActivate(contextFor({ method: 'POST', headers: {}, query: {}, principal }, false))).toBe(true);
  });

  it('lets a read-only token read but not write', async () => {
    const readOnly = { ...principal, readOnly: true };
    expect(await guard.canActivate(contextFor({ method: 'GET', headers: {}, query: {}, principal: readOnly }, false))).toBe(true);
    await expect(
      guard.canActivate(contextFor({ method: 'POST', headers: {}, query: {}, principal: readOnly }, false)),
    ).rejects.toMatchObject({ response: { errorCode: 'readOnlyToken' } });
  });

  it('holds a sign-in that must accept the terms to the routes that allow it', async () => {
    await expect(
      guard.canActivate(contextFor({ method: 'GET', headers: {}, query: {}, principal: { ...principal, restriction: 'eula' } }, false)),
    ).rejects.toMatchObject({ response: { errorCode: 'ShowEula' } });
  });

  it('refuses everyone else with 401 and the unauthorized code', async () => {
    const refusal = await guard.canActivate(contextFor({ method: 'GET', headers: {}, query: {} }, false)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UnauthorizedException);
    expect((refusal as UnauthorizedException).getResponse()).toMatchObject({ errorCode: 'unauthorized' });
  });
});
