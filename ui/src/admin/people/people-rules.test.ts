import { ACCESS_RIGHTS } from '@binaan/contracts';
import { describe, expect, it } from 'vitest';
import { filterOfTab, isDangerous, isHeld, needsRemark, placeOfStatus, placePath, roleActionsFor, totalText } from './member-rules.js';
import { areaLabelKey, areasOf, MATRIX_AREAS, MATRIX_RIGHTS, orderedRights, rightName, toggleRight } from './rights-matrix.js';

describe('the rights matrix', () => {
  it('offers every right a company role may hold, once, and no platform right', () => {
    const offered = MATRIX_AREAS.flatMap((area) => area.rights.map((right) => rightName(area.key, right)));
    expect(offered.sort()).toEqual(ACCESS_RIGHTS.filter((name) => !name.startsWith('admin.')).sort());
    expect(offered.some((name) => name.startsWith('admin.'))).toBe(false);
  });

  it('gives each administration right its own row, and procurement its four rights', () => {
    expect(MATRIX_AREAS.find((a) => a.key === 'administration.users')?.rights).toEqual(['view', 'update', 'approve']);
    expect(MATRIX_AREAS.find((a) => a.key === 'procurement')?.rights).toEqual(['view', 'update', 'approve', 'confirm']);
    expect(MATRIX_AREAS.some((a) => a.key === 'administration')).toBe(false);
  });

  it('has the columns view, update, approve first, and every right of every area among them', () => {
    expect(MATRIX_RIGHTS.slice(0, 3)).toEqual(['view', 'update', 'approve']);
    expect(new Set(MATRIX_AREAS.flatMap((a) => a.rights))).toEqual(new Set(MATRIX_RIGHTS));
  });

  it('names an area with one flat key', () => {
    expect(areaLabelKey('administration.fullAccessControl')).toBe('administrationFullAccessControl');
    expect(areaLabelKey('procurement')).toBe('procurement');
  });

  it('ticks, unticks and orders rights as contracts lists them', () => {
    const ticked = toggleRight(toggleRight([], 'procurement.update', true), 'procurement.view', true);
    expect(orderedRights(ticked)).toEqual(['procurement.view', 'procurement.update']);
    expect(toggleRight(ticked, 'procurement.update', false)).toEqual(['procurement.view']);
    expect(areasOf(ticked).map((a) => a.key)).toEqual(['procurement']);
  });
});

describe('the users page', () => {
  it("asks the api for the tab's list", () => {
    expect(filterOfTab('active', 'suspended')).toBe('active');
    expect(filterOfTab('pending-approval', 'suspended')).toBe('pending');
    expect(filterOfTab('not-active', 'terminated')).toBe('terminated');
  });

  it('goes where a member of a status is listed', () => {
    expect(placePath(placeOfStatus('pending'))).toBe('/administration/users/pending-approval');
    expect(placePath(placeOfStatus('activated'))).toBe('/administration/users/active');
    expect(placePath(placeOfStatus('suspended'))).toBe('/administration/users/not-active?status=suspended');
  });

  it('asks a remark for suspending, terminating and rejecting, and draws only activating and approving as safe', () => {
    expect(['Activate', 'Suspend', 'Deactivate', 'Terminate', 'Reject'].filter(needsRemark)).toEqual(['Suspend', 'Terminate', 'Reject']);
    expect(['Activate', 'Approve', 'Suspend', 'Deactivate'].filter(isDangerous)).toEqual(['Suspend', 'Deactivate']);
  });

  it("counts active and proposed roles towards the five, and offers a role the company role machine's next steps", () => {
    expect(['pending', 'active', 'rejected', 'inactive'].filter((status) => isHeld({ status: status as 'active' }))).toEqual([
      'pending',
      'active',
    ]);
    expect(roleActionsFor('pending')).toEqual(['Approve', 'Reject']);
    expect(roleActionsFor('active')).toEqual(['Deactivate']);
    expect(roleActionsFor('inactive')).toEqual(['Activate']);
    expect(roleActionsFor('rejected')).toEqual([]);
  });

  it('reads a total at the cap as "10,000+"', () => {
    expect(totalText(42, false)).toBe('42');
    expect(totalText(10_000, true)).toBe('10,000+');
  });
});
