import { describe, expect, it } from '@jest/globals';
import { ForbiddenException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { encodeAccessRights } from '@binaan/contracts';
import { ACCESS_RIGHT, type AccessRightNeed } from './access-right.decorator.js';
import { ModuleAccessGuard } from './module-access.guard.js';

const contextFor = (request: object, need?: AccessRightNeed): ExecutionContext => {
  const handler = () => undefined;
  if (need !== undefined) Reflect.defineMetadata(ACCESS_RIGHT, need, handler);
  return {
    getHandler: () => handler,
    getClass: () => class {},
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
};

const principal = (rights: string[], companyId: string | null = 'teguh-bina') => ({
  userId: 'u-1',
  sessionId: 's-1',
  email: 'a@b.my',
  userType: 1 as const,
  companyId,
  accessRights: companyId ? encodeAccessRights(rights) : '',
  readOnly: false,
  restriction: null,
});

describe('module access guard: the access right a route declares, checked on every request', () => {
  const guard = new ModuleAccessGuard(new Reflector());

  it('given a route that declares no right, lets it through', () => {
    expect(guard.canActivate(contextFor({ principal: principal([]) }))).toBe(true);
  });

  it('given a declared right the user holds in the chosen company, lets it through; any one of several suffices', () => {
    expect(guard.canActivate(contextFor({ principal: principal(['procurement.view']) }, 'procurement.view'))).toBe(true);
    expect(
      guard.canActivate(contextFor({ principal: principal(['procurement.approve']) }, ['procurement.update', 'procurement.approve'])),
    ).toBe(true);
  });

  it('given a right the user lacks, refuses with 403 noAccessRight naming it', () => {
    const refusal = (() => {
      try {
        return guard.canActivate(contextFor({ principal: principal(['procurement.view']) }, 'tenderManagement.view'));
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ForbiddenException);
    expect((refusal as ForbiddenException).getResponse()).toMatchObject({
      errorCode: 'noAccessRight',
      errorMessage: expect.stringContaining('tenderManagement.view'),
    });
  });

  it('given a right that depends on the route parameters, asks with them; null leaves the refusal to the route', () => {
    const byResource: AccessRightNeed = (params) => (params.resource === 'tender' ? ['tenderManagement.view'] : null);
    expect(() => guard.canActivate(contextFor({ principal: principal([]), params: { resource: 'tender' } }, byResource))).toThrow(
      ForbiddenException,
    );
    expect(guard.canActivate(contextFor({ principal: principal([]), params: { resource: 'nothing' } }, byResource))).toBe(true);
  });

  it('given no company chosen yet, leaves the refusal to the route (companyNotChosen says what to do)', () => {
    expect(guard.canActivate(contextFor({ principal: principal([], null) }, 'procurement.view'))).toBe(true);
  });
});
