// The projects context over the API, on PGlite and on PostgreSQL: given the demo projects, the spec's
// project-list-by-user fields and who sees what; creating (access right project.create, then the project
// machine), assigning project levels and walking a project to active.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { itAnsweredEveryCallWithoutAServerError, MUTIARA, FEATURE_STORES, TEGUH } from '../documents/harness.js';
import { startAuthorityApp, type AuthorityRunning } from '../authority/harness.js';

const LIST = '/api/project-list-by-user';
type Item = {
  project: Record<string, unknown>;
  workflowAssignments: { code: string; assignments: unknown[] }[];
  supplyWorkflowAssignments: { code: string }[];
};

describe.each(FEATURE_STORES)('projects api on %s', (kind) => {
  let running: AuthorityRunning;
  let aminah: string, kumar: string, lim: string, farid: string, mei: string;
  beforeAll(async () => {
    running = await startAuthorityApp(kind);
    [aminah, kumar, lim, farid, mei] = await Promise.all([
      running.signIn('aminah@teguhbina.my', TEGUH),
      running.signIn('kumar@teguhbina.my', TEGUH),
      running.signIn('lim@teguhbina.my', TEGUH),
      running.signIn('farid@teguhbina.my', TEGUH),
      running.signIn('mei@mutiarasupplies.my', MUTIARA),
    ]);
  }, 300_000);
  afterAll(async () => running?.stop());

  it('project-list-by-user gives the spec fields, sorted by status; "-" for a missing category', async () => {
    const reply = await running.api.call('get', LIST, { token: kumar });
    expect(reply.status).toBe(200);
    const items = reply.body as Item[];
    expect(items.map((i) => [i.project.project_code, i.project.status_id])).toEqual([
      ['TB-GB-SA', 'active'],
      ['TB-MT-A', 'active'],
      ['TB-TSK-2', 'pendingApproval'],
    ]);
    const tower = items.find((i) => i.project.project_code === 'TB-MT-A')!;
    expect(Object.keys(tower).sort()).toEqual([
      'appControl',
      'authority_manual_roles',
      'project',
      'supplyWorkflowAssignments',
      'workflowAssignments',
    ]);
    expect(tower.project).toMatchObject({
      project_name: 'Menara Teguh, Block A',
      status_id: 'active',
      project_type: 1,
      location: 'Jalan Klang Lama, Kuala Lumpur',
      project_short_desc: expect.any(String),
      site_contact_person: 'Farid bin Hassan',
      site_contact_person_number: '+60123000005',
      project_category_name: 'Commercial building',
    });
    expect(tower.workflowAssignments.find((g) => g.code === 'purchaseOrder')!.assignments).toContainEqual({
      user_id: running.userId('lim@teguhbina.my'),
      workflow_level: 21,
    });
    expect(tower).toMatchObject({
      supplyWorkflowAssignments: [],
      authority_manual_roles: [{ email: 'farid@teguhbina.my', role: 'Site team (view)' }],
    });
    const supply = items.find((i) => i.project.project_code === 'TB-GB-SA')!;
    expect(supply.project).toMatchObject({ project_type: 2, project_category_name: '-' });
    expect(supply.workflowAssignments).toEqual([]);
    expect(supply.supplyWorkflowAssignments.map((g) => g.code)).toContain('purchaseOrder');
  });

  it('farid sees the projects through his manual role; another company sees none', async () => {
    expect((await running.api.call('get', LIST, { token: farid })).body).toHaveLength(3);
    expect((await running.api.call('get', LIST, { token: mei })).body).toEqual([]);
  });

  it('creating needs project.create (kumar 403 noAccessRight), a valid body (400), then the machine: aminah creates it new', async () => {
    const body = {
      project_name: 'Jambatan Sungai Klang',
      project_code: 'TB-JSK',
      project_type: 3,
      location: 'Klang, Selangor',
      project_short_desc: 'Bridge',
      site_contact_person: 'Lim',
      site_contact_person_number: '+60123000004',
    };
    const refused = await running.api.call('post', '/api/projects', { token: kumar, body });
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'noAccessRight']);
    const bad = await running.api.call('post', '/api/projects', { token: aminah, body: { ...body, project_name: '', project_type: 9 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['project_name', 'project_type']);
    const created = await running.api.call('post', '/api/projects', { token: aminah, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, status: 'new', revision: 1 });
    const id = created.body.id as string;

    const given = await running.api.call('post', `/api/projects/${id}/assignments`, {
      token: aminah,
      body: { code: 'tender', user_id: running.userId('kumar@teguhbina.my'), workflow_level: 10 },
    });
    expect(given.body).toMatchObject({ success: true, revision: 2 });
    const again = await running.api.call('post', `/api/projects/${id}/assignments`, {
      token: aminah,
      body: { code: 'tender', user_id: running.userId('kumar@teguhbina.my'), workflow_level: 10 },
    });
    expect([again.status, again.body.errorCode]).toEqual([409, 'levelAlreadyAssigned']);
    expect(
      (
        await running.api.call('post', `/api/projects/${id}/assignments`, {
          token: kumar,
          body: { code: 'tender', user_id: running.userId('lim@teguhbina.my'), workflow_level: 20 },
        })
      ).status,
    ).toBe(403);
    const role = await running.api.call('post', `/api/projects/${id}/manual-roles`, {
      token: aminah,
      body: { email: 'Hafiz@SeriHartanah.my', role: 'Consultant (view)' },
    });
    expect(role.status).toBe(200);
    expect(
      (
        await running.api.call('post', '/api/projects/00000000-0000-0000-0000-000000000000/assignments', {
          token: aminah,
          body: { code: 'tender', user_id: 'x', workflow_level: 10 },
        })
      ).status,
    ).toBe(404);

    const requested = await running.api.call('post', `/api/projects/${id}/actions/Request_Approve`, {
      token: aminah,
      headers: { 'If-Match': '3' },
    });
    expect(requested.body).toMatchObject({ status: 'pendingApproval', revision: 4 });
    const noRight = await running.api.call('post', `/api/projects/${id}/actions/Approve`, { token: kumar, headers: { 'If-Match': '4' } });
    expect([noRight.status, noRight.body.errorCode]).toEqual([403, 'noAuthority']);
    const approved = await running.api.call('post', `/api/projects/${id}/actions/Approve`, { token: lim, headers: { 'If-Match': '4' } });
    expect(approved.body).toMatchObject({ status: 'active', revision: 5 });
    const item = ((await running.api.call('get', LIST, { token: kumar })).body as Item[]).find((i) => i.project.id === id)!;
    expect(item.project).toMatchObject({ status_id: 'active', project_type: 3, project_category_name: '-' });
    expect(item.workflowAssignments).toEqual([
      { code: 'tender', assignments: [{ user_id: running.userId('kumar@teguhbina.my'), workflow_level: 10 }] },
    ]);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
