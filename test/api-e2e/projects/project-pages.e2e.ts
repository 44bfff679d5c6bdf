// The project routes the signed-in ui uses, on PGlite and on PostgreSQL: each field rule of create and edit
// with its own code, the list (filter, search, sort, Content-Range), the project page, members and stages
// through their machines (authority, remarks, stale revisions), a member's levels being what the document
// guards use, the project's documents counted per status, and its history with the chain checked.
// Refusals: no right 403 with its code, another company's project 404, a stale revision 409.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { itAnsweredEveryCallWithoutAServerError, MUTIARA, purchaseOrderBody, FEATURE_STORES, TEGUH } from '../documents/harness.js';
import { startAuthorityApp, type AuthorityRunning } from '../authority/harness.js';

const PO = '/api/documents/purchaseOrder';
const valid = {
  project_name: 'Pangsapuri Bukit Jalil',
  project_code: 'TB-PBJ-1',
  project_type: 3,
  location: 'Bukit Jalil, Kuala Lumpur',
  project_short_desc: 'Two 28-storey blocks',
  site_contact_person: 'Kumar a/l Rajan',
  site_contact_person_number: '+60 12-300 0003',
  project_category_name: 'Residential',
  region: 2,
  latitude: 3.06,
  longitude: 101.69,
};

describe.each(FEATURE_STORES)('project pages api on %s', (kind) => {
  let running: AuthorityRunning;
  let aminah: string, kumar: string, lim: string, farid: string, mei: string;
  let id: string;
  let revision: number;
  const call = (method: 'get' | 'post' | 'put', path: string, token: string, body?: unknown, ifMatch?: number) =>
    running.api.call(method, path, {
      token,
      ...(body === undefined ? {} : { body }),
      ...(ifMatch === undefined ? {} : { headers: { 'If-Match': `"${ifMatch}"` } }),
    });
  const detail = async (token = aminah) => (await call('get', `/api/projects/${id}`, token)).body;

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

  it('create answers every broken field rule at once, each with its own code on its field, and records nothing', async () => {
    const before = (await call('get', '/api/projects?range=[0,99]', aminah)).body.length;
    const bad = await call('post', '/api/projects', aminah, {
      project_name: ' ',
      project_code: 'TB PBJ',
      project_type: 4,
      location: 'x'.repeat(301),
      project_short_desc: '',
      site_contact_person: 'Kumar',
      site_contact_person_number: '0123000003',
      region: 99,
      latitude: 91,
      longitude: 101.69,
      project_category_name: 'c'.repeat(101),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('validationFailed');
    expect(bad.body.fields).toEqual({
      project_name: ['projectNameRequired'],
      project_code: ['projectCodeInvalid'],
      project_type: ['projectTypeInvalid'],
      location: ['locationTooLong'],
      project_short_desc: ['shortTitleRequired'],
      site_contact_person_number: ['siteContactNumberInvalid'],
      region: ['regionInvalid'],
      latitude: ['latitudeInvalid'],
      project_category_name: ['categoryTooLong'],
    });
    const more = await call('post', '/api/projects', aminah, {
      ...valid,
      project_name: 'n'.repeat(201),
      project_code: '',
      project_short_desc: 's'.repeat(101),
      site_contact_person: '',
      latitude: null,
    });
    expect(more.body.fields).toEqual({
      project_name: ['projectNameTooLong'],
      project_code: ['projectCodeRequired'],
      project_short_desc: ['shortTitleTooLong'],
      site_contact_person: ['siteContactIncomplete'],
      latitude: ['coordinatesIncomplete'],
    });
    const taken = await call('post', '/api/projects', aminah, { ...valid, project_code: 'tb-mt-a' });
    expect([taken.status, taken.body.errorCode, taken.body.fields]).toEqual([
      409,
      'projectCodeTaken',
      { project_code: ['projectCodeTaken'] },
    ]);
    const noRight = await call('post', '/api/projects', kumar, valid);
    expect([noRight.status, noRight.body.errorCode]).toEqual([403, 'noAccessRight']);
    expect((await call('get', '/api/projects?range=[0,99]', aminah)).body).toHaveLength(before);
  });

  it('creates a project new, with the phone number kept without its spaces; the page shows it to its company only', async () => {
    const created = await call('post', '/api/projects', aminah, valid);
    expect(created.status).toBe(201);
    id = created.body.id;
    revision = created.body.revision;
    const page = await call('get', `/api/projects/${id}`, aminah);
    expect(page.status).toBe(200);
    expect(page.headers.etag).toBe(`"${revision}"`);
    expect(page.body).toMatchObject({
      id,
      name: 'Pangsapuri Bukit Jalil',
      code: 'TB-PBJ-1',
      shortTitle: 'Two 28-storey blocks',
      projectType: 3,
      status: 'new',
      region: 2,
      latitude: 3.06,
      longitude: 101.69,
      siteContactNumber: '+60123000003',
      category: 'Residential',
      members: [],
      stages: [],
      can: { edit: true, inviteMember: true, addStage: true, manageAuthority: true },
    });
    expect(page.body.availableActions.map((a: { event: string }) => a.event)).toEqual(['Request_Approve']);
    const other = await call('get', `/api/projects/${id}`, mei);
    expect([other.status, other.body.errorCode]).toEqual([404, 'projectNotFound']);
    expect((await call('get', '/api/projects/not-an-id', aminah)).status).toBe(404);
    // Kumar may view projects but not all of them, and has nothing in this one yet.
    const hidden = await call('get', `/api/projects/${id}`, kumar);
    expect([hidden.status, hidden.body.errorCode]).toEqual([403, 'projectNotVisible']);
    expect((await call('get', `/api/projects/${id}/history`, mei)).status).toBe(404);
    expect((await call('get', `/api/projects/${id}/documents`, kumar)).status).toBe(403);
  });

  it('lists per type with status, search and sort on the columns shown; an unknown filter key or column is 400', async () => {
    const developer = await call(
      'get',
      `/api/projects?filter=${encodeURIComponent('{"projectType":3}')}&sort=${encodeURIComponent('["code","DESC"]')}&range=[0,9]`,
      aminah,
    );
    expect(developer.status).toBe(200);
    expect(developer.body.map((p: { code: string }) => p.code)).toEqual(['TB-TSK-2', 'TB-PBJ-1']);
    expect(developer.headers['content-range']).toBe('projects 0-1/2');
    const searched = await call('get', `/api/projects?filter=${encodeURIComponent('{"q":"bukit jalil","status":["new"]}')}`, aminah);
    expect(searched.body.map((p: { id: string }) => p.id)).toEqual([id]);
    const active = await call(
      'get',
      `/api/projects?filter=${encodeURIComponent('{"status":"active"}')}&sort=${encodeURIComponent('["siteContactPerson","ASC"]')}`,
      aminah,
    );
    expect(active.body.map((p: { code: string }) => p.code)).toEqual(['TB-MT-A', 'TB-GB-SA']);
    const past = await call('get', '/api/projects?range=[50,59]', aminah);
    expect([past.body, past.headers['content-range']]).toEqual([[], 'projects */4']);
    const unknownKey = await call('get', `/api/projects?filter=${encodeURIComponent('{"colour":"red"}')}`, aminah);
    expect([unknownKey.status, unknownKey.body.fields]).toEqual([400, { 'filter.colour': ['filterKeyUnknown'] }]);
    expect((await call('get', `/api/projects?sort=${encodeURIComponent('["hash","ASC"]')}`, aminah)).status).toBe(400);
    expect((await call('get', '/api/projects', mei)).body).toEqual([]);
  });

  it('edit: a stale revision is 409, a broken rule 400 on its field, no right 403; then every field as sent', async () => {
    const stale = await call('put', `/api/projects/${id}`, aminah, { ...valid, project_name: 'Later' }, revision - 1);
    expect([stale.status, stale.body.errorCode]).toEqual([409, 'wrongExpectedRevision']);
    const bad = await call('put', `/api/projects/${id}`, aminah, { ...valid, latitude: 'north' }, revision);
    expect([bad.status, bad.body.fields]).toEqual([400, { latitude: ['latitudeInvalid'] }]);
    const taken = await call('put', `/api/projects/${id}`, aminah, { ...valid, project_code: 'TB-GB-SA' }, revision);
    expect([taken.status, taken.body.errorCode]).toEqual([409, 'projectCodeTaken']);
    expect((await call('put', `/api/projects/${id}`, kumar, valid, revision)).status).toBe(403);
    expect((await call('put', `/api/projects/${id}`, mei, valid)).body.errorCode).toBe('projectNotFound');
    const edited = await call(
      'put',
      `/api/projects/${id}`,
      aminah,
      { ...valid, project_name: 'Pangsapuri Bukit Jalil, Phase 1', project_category_name: null, latitude: null, longitude: null },
      revision,
    );
    expect(edited.status).toBe(200);
    revision = edited.body.revision;
    expect(await detail()).toMatchObject({
      name: 'Pangsapuri Bukit Jalil, Phase 1',
      code: 'TB-PBJ-1',
      category: null,
      latitude: null,
      longitude: null,
      revision,
    });
  });

  it('members: invite a user of the company (New), approve or reject through the member machine, with authority and remarks', async () => {
    const kumarId = running.userId('kumar@teguhbina.my');
    const stale = await call('post', `/api/projects/${id}/members`, aminah, { user_id: kumarId }, revision - 1);
    expect([stale.status, stale.body.errorCode]).toEqual([409, 'wrongExpectedRevision']);
    const outsider = await call('post', `/api/projects/${id}/members`, aminah, { user_id: running.userId('mei@mutiarasupplies.my') });
    expect([outsider.status, outsider.body.errorCode]).toEqual([422, 'userNotCompanyMember']);
    const noLevel = await call('post', `/api/projects/${id}/members`, farid, { user_id: kumarId });
    expect([noLevel.status, noLevel.body.errorCode]).toEqual([403, 'noAuthority']);
    const invited = await call('post', `/api/projects/${id}/members`, aminah, { user_id: kumarId });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ id: kumarId, status: 'New' });
    const twice = await call('post', `/api/projects/${id}/members`, aminah, { user_id: kumarId });
    expect([twice.status, twice.body.errorCode]).toEqual([409, 'memberAlreadyInvited']);
    // Aminah invited him: she may not approve her own proposal.
    const own = await call('post', `/api/projects/${id}/members/${kumarId}/actions/Approve`, aminah);
    expect([own.status, own.body.errorCode]).toEqual([403, 'selfApprovalForbidden']);
    const page = await detail(lim);
    expect(page.members).toEqual([
      expect.objectContaining({
        userId: kumarId,
        name: 'Kumar a/l Rajan',
        status: 'New',
        round: { requiredLevels: [20], approvedLevels: [] },
      }),
    ]);
    expect(page.members[0].availableActions.map((a: { event: string }) => a.event).sort()).toEqual(['Approve', 'Reject']);
    const noRemark = await call('post', `/api/projects/${id}/members/${kumarId}/actions/Reject`, lim);
    expect([noRemark.status, noRemark.body.errorCode]).toEqual([422, 'remarkRequired']);
    const approved = await call('post', `/api/projects/${id}/members/${kumarId}/actions/Approve`, lim, {}, page.revision);
    expect(approved.body).toMatchObject({ status: 'Approved' });
    expect((await call('post', `/api/projects/${id}/members/nobody/actions/Approve`, lim)).status).toBe(404);
    expect((await call('post', `/api/projects/${id}/members/${kumarId}/actions/Approve`, mei)).status).toBe(404);
    // A member sees the project now.
    expect((await call('get', `/api/projects/${id}`, kumar)).status).toBe(200);
    revision = approved.body.revision;
  });

  it("a member's project levels are what the document guards use: levels of a non-member stay idle", async () => {
    const limId = running.userId('lim@teguhbina.my');
    for (const [user, level] of [
      [running.userId('kumar@teguhbina.my'), 10],
      [limId, 20],
    ] as const) {
      expect(
        (await call('post', `/api/projects/${id}/assignments`, aminah, { code: 'purchaseOrder', user_id: user, workflow_level: level }))
          .status,
      ).toBe(200);
    }
    const created = await call('post', PO, kumar, purchaseOrderBody({ projectId: id, title: 'Rebar Y16, Block A' }));
    expect(created.status).toBe(201);
    const requested = await running.api.call('post', `${PO}/${created.body.id}/actions/Request_Approve`, {
      token: kumar,
      headers: { 'If-Match': '1' },
    });
    expect(requested.status).toBe(200);
    // Lim holds 20 on purchaseOrder in the company and in the project, but is no member of this project yet.
    const notMember = await running.api.call('post', `${PO}/${created.body.id}/actions/Approve`, {
      token: lim,
      headers: { 'If-Match': '2' },
    });
    expect([notMember.status, notMember.body.errorCode]).toEqual([403, 'noAuthority']);
    const invited = await call('post', `/api/projects/${id}/members`, kumar, { user_id: limId });
    expect(invited.status).toBe(201);
    expect((await call('post', `/api/projects/${id}/members/${limId}/actions/Approve`, aminah)).body).toMatchObject({ status: 'Approved' });
    const approved = await running.api.call('post', `${PO}/${created.body.id}/actions/Approve`, {
      token: lim,
      headers: { 'If-Match': '2' },
    });
    expect(approved.status).toBe(200);
    const counts = await call('get', `/api/projects/${id}/documents`, kumar);
    expect(counts.body).toEqual([{ resource: 'purchaseOrder', total: 1, byStatus: { [approved.body.status]: 1 } }]);
  });

  it("a document is made only inside its own company's project: another company's or an unknown project is 422 unknownProject, on create and on edit", async () => {
    const refused = (reply: { status: number; body: { errorCode?: string; fields?: Record<string, string[]> } }) => [
      reply.status,
      reply.body.errorCode,
      Object.keys(reply.body.fields ?? {}),
    ];
    // Mutiara Supplies sends Teguh Bina a delivery order "inside" Teguh Bina's project: refused, nothing recorded.
    // (Counted by kind: the notifications reactor may append for earlier tests meanwhile.)
    const deliveryOrderEvents = async () =>
      (await running.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE stream_type = 'deliveryOrder'"))[0]!.n;
    const before = await deliveryOrderEvents();
    const foreign = await call('post', '/api/documents/deliveryOrder', mei, {
      title: 'Rebar Y16 delivery',
      counterpartyCompanyId: TEGUH,
      projectId: id,
      items: [{ description: 'Rebar Y16', unit: 'ton', quantity: '2', rate: '3100.00' }],
    });
    expect(refused(foreign)).toEqual([422, 'unknownProject', ['projectId']]);
    expect(await deliveryOrderEvents()).toBe(before);
    expect(refused(await call('post', PO, kumar, purchaseOrderBody({ projectId: 'no-such-project' })))).toEqual([
      422,
      'unknownProject',
      ['projectId'],
    ]);
    // Moved by an edit: the same refusal; moved into the company's own project: accepted.
    const outside = await call('post', PO, kumar, purchaseOrderBody({ title: 'Formwork plywood' }));
    expect(outside.status).toBe(201);
    expect(refused(await call('put', `${PO}/${outside.body.id}`, kumar, { projectId: 'no-such-project' }, 1))).toEqual([
      422,
      'unknownProject',
      ['projectId'],
    ]);
    const moved = await call('put', `${PO}/${outside.body.id}`, kumar, { projectId: id }, 1);
    expect([moved.status, moved.body.projectId]).toEqual([200, id]);
  });

  it('stages: add, hold with a remark, restart, terminate; names unique while under way; no level 403', async () => {
    const noName = await call('post', `/api/projects/${id}/stages`, aminah, { name: '' });
    expect([noName.status, noName.body.fields]).toEqual([400, { name: ['stageNameRequired'] }]);
    expect((await call('post', `/api/projects/${id}/stages`, farid, { name: 'Piling' })).body.errorCode).toBe('noAuthority');
    const added = await call('post', `/api/projects/${id}/stages`, kumar, { name: 'Piling' });
    expect(added.body).toMatchObject({ status: 'onGoing' });
    const stageId = added.body.id;
    expect((await call('post', `/api/projects/${id}/stages`, kumar, { name: 'piling' })).body.errorCode).toBe('stageNameTaken');
    const noRemark = await call('post', `/api/projects/${id}/stages/${stageId}/actions/Hold`, lim);
    expect([noRemark.status, noRemark.body.errorCode]).toEqual([422, 'remarkRequired']);
    const kumarHold = await call('post', `/api/projects/${id}/stages/${stageId}/actions/Hold`, kumar, { remark: 'Rain' });
    expect([kumarHold.status, kumarHold.body.errorCode]).toEqual([403, 'noAuthority']);
    expect(
      (await call('post', `/api/projects/${id}/stages/${stageId}/actions/Hold`, lim, { remark: 'Soil report pending' })).body.status,
    ).toBe('onHold');
    expect((await call('post', `/api/projects/${id}/stages/${stageId}/actions/Restart`, lim)).body.status).toBe('restart');
    const wrong = await call('post', `/api/projects/${id}/stages/${stageId}/actions/Restart`, lim);
    expect([wrong.status, wrong.body.errorCode]).toEqual([409, 'wrongStatus']);
    expect((await detail()).stages).toEqual([expect.objectContaining({ id: stageId, name: 'Piling', status: 'restart' })]);
  });

  it('the project machine from the page: a stale revision 409, no level 403, then approved by the verify level', async () => {
    const page = await detail();
    const stale = await call('post', `/api/projects/${id}/actions/Request_Approve`, aminah, {}, page.revision - 1);
    expect([stale.status, stale.body.errorCode]).toEqual([409, 'wrongExpectedRevision']);
    const requested = await call('post', `/api/projects/${id}/actions/Request_Approve`, aminah, {}, page.revision);
    expect(requested.body.status).toBe('pendingApproval');
    expect((await call('post', `/api/projects/${id}/actions/Approve`, kumar)).body.errorCode).toBe('noAuthority');
    expect((await call('post', `/api/projects/${id}/actions/Approve`, lim)).body.status).toBe('active');
  });

  it('history: every event of the stream in order, whose status it changed, named actors, the chain verified', async () => {
    const reply = await call('get', `/api/projects/${id}/history`, kumar);
    expect(reply.status).toBe(200);
    const rows = reply.body as {
      revision: number;
      action: string;
      subject: string;
      subjectName: string | null;
      statusAfter: string | null;
      remark: string | null;
      actor: { name: string | null };
      chainVerified: boolean;
    }[];
    expect(rows.map((r) => r.revision)).toEqual(rows.map((_, i) => i));
    expect(rows.every((r) => r.chainVerified)).toBe(true);
    expect(rows.slice(0, 3).map((r) => [r.action, r.subject, r.statusAfter, r.actor.name])).toEqual([
      ['Draft', 'project', null, 'Aminah binti Yusof'],
      ['Create', 'project', 'new', 'Aminah binti Yusof'],
      ['Edit', 'project', null, 'Aminah binti Yusof'],
    ]);
    expect(rows.filter((r) => r.subject === 'member').map((r) => [r.action, r.subjectName, r.statusAfter])).toEqual([
      ['Create', 'Kumar a/l Rajan', 'New'],
      ['Approve', 'Kumar a/l Rajan', 'Approved'],
      ['Create', 'Lim Wei Ling', 'New'],
      ['Approve', 'Lim Wei Ling', 'Approved'],
    ]);
    expect(rows.find((r) => r.action === 'Hold')).toMatchObject({
      subject: 'stage',
      subjectName: 'Piling',
      remark: 'Soil report pending',
      statusAfter: 'onHold',
    });
    expect(rows.at(-1)).toMatchObject({ action: 'Approve', subject: 'project', statusAfter: 'active' });
    // Each subject has its own approval round: proposing a member opens one, its Approve closes it; the
    // project's request waits for verify level 1 until lim's Approve.
    expect(rows.filter((r) => r.subject === 'member').map((r) => (r as unknown as { waitingLevel: number | null }).waitingLevel)).toEqual([
      20,
      null,
      20,
      null,
    ]);
    expect(rows.find((r) => r.action === 'Request_Approve' && r.subject === 'project')).toMatchObject({
      requiredLevels: [20],
      waitingLevel: 20,
    });
    expect(rows.at(-1)).toMatchObject({ requiredLevels: null, waitingLevel: null });
  });

  it('the demo projects have approved members, one waiting, and stages', async () => {
    const tower = (await call('get', `/api/projects?filter=${encodeURIComponent('{"q":"TB-MT-A"}')}`, aminah)).body[0];
    const page = (await call('get', `/api/projects/${tower.id}`, aminah)).body;
    expect(page.members.map((m: { name: string; status: string }) => [m.name, m.status])).toEqual([
      ['Kumar a/l Rajan', 'Approved'],
      ['Lim Wei Ling', 'Approved'],
      ['Aminah binti Yusof', 'Approved'],
      ['Farid bin Hassan', 'New'],
    ]);
    expect(page.stages.map((s: { status: string }) => s.status)).toEqual(['onGoing', 'restart', 'onGoing']);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
