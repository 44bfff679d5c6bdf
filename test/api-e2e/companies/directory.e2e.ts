// What a company sees of others and of its own users, on PGlite and on PostgreSQL: the directory of
// approved companies (counterparty pickers), the chosen company's members (authority pickers), a project's
// authority timeline, and company names on document lists and views. Given the demo data.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { itAnsweredEveryCallWithoutAServerError, MUTIARA, purchaseOrderBody, FEATURE_STORES, TEGUH } from '../documents/harness.js';
import { startAuthorityApp, type AuthorityRunning } from '../authority/harness.js';

type Item = { id: string; name: string; registrationNo: string; subscriptionType: number; isLogoUploaded: boolean };
const DIRECTORY = '/api/company/directory';
const q = (filter: object, range = [0, 24]) =>
  `?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(JSON.stringify(range))}`;

describe.each(FEATURE_STORES)('company directory, members and project authority history on %s', (kind) => {
  let running: AuthorityRunning;
  let aminah: string, kumar: string, lim: string, mei: string, nurul: string;
  beforeAll(async () => {
    running = await startAuthorityApp(kind);
    [aminah, kumar, lim, mei, nurul] = await Promise.all([
      running.signIn('aminah@teguhbina.my', TEGUH),
      running.signIn('kumar@teguhbina.my', TEGUH),
      running.signIn('lim@teguhbina.my', TEGUH),
      running.signIn('mei@mutiarasupplies.my', MUTIARA),
      running.signIn('nurul@baruconsult.my', 'baru-consult'),
    ]);
  }, 300_000);
  afterAll(async () => running?.stop());

  describe('the directory', () => {
    it('lists approved companies other than the caller, by name, with only the public fields and a Content-Range', async () => {
      const reply = await running.api.call('get', DIRECTORY, { token: kumar });
      expect(reply.status).toBe(200);
      const names = (reply.body as Item[]).map((c) => c.name);
      // The demo's approved companies less Teguh Bina; Baru Consult (submitted) and Lestari eBuild (in progress) are not approved.
      expect(names).toEqual([
        'Bekal Prima Sdn Bhd',
        'Harmoni Development Sdn Bhd',
        'Jaya Padu Trading Sdn Bhd',
        'Kukuh Jaya Contractor Sdn Bhd',
        'Mutiara Supplies Sdn Bhd',
        'Perolehan Maju Sdn Bhd',
        'Ringkas Build Enterprise',
        'Seri Hartanah Berhad',
      ]);
      expect(reply.headers['content-range']).toBe('directory 0-7/8');
      const mutiara = (reply.body as Item[]).find((c) => c.id === MUTIARA);
      expect(mutiara).toEqual({
        id: MUTIARA,
        name: 'Mutiara Supplies Sdn Bhd',
        registrationNo: '2345678-B',
        subscriptionType: 2,
        isLogoUploaded: false,
        // Kumar reads his company's vendor appraisals: what they say of Mutiara comes along (none here).
        appraisal: { count: 0, average: null, latest: null },
      });
    });

    it('matches a part of the name in any case, or the registration number without its punctuation', async () => {
      const byName = await running.api.call('get', `${DIRECTORY}${q({ q: 'mutiARA' })}`, { token: kumar });
      expect((byName.body as Item[]).map((c) => c.id)).toEqual([MUTIARA]);
      const byNumber = await running.api.call('get', `${DIRECTORY}${q({ q: '2345678 b' })}`, { token: kumar });
      expect((byNumber.body as Item[]).map((c) => c.id)).toEqual([MUTIARA]);
      const plain = await running.api.call('get', `${DIRECTORY}?q=hartanah`, { token: kumar });
      expect((plain.body as Item[]).map((c) => c.id)).toEqual(['seri-hartanah']);
      // LIKE's wildcards are text, not patterns.
      expect((await running.api.call('get', `${DIRECTORY}${q({ q: '%' })}`, { token: kumar })).body).toEqual([]);
      // Not approved, so never found, by name or by id.
      expect((await running.api.call('get', `${DIRECTORY}${q({ q: 'Baru' })}`, { token: kumar })).body).toEqual([]);
      expect((await running.api.call('get', `${DIRECTORY}/baru-consult`, { token: kumar })).status).toBe(404);
      // The caller's own company is no counterparty: not in a search.
      expect((await running.api.call('get', `${DIRECTORY}${q({ q: 'Teguh' })}`, { token: kumar })).body).toEqual([]);
    });

    it('pages (range) with the total, sorts, and resolves ids (a getMany) and one id', async () => {
      const second = await running.api.call('get', `${DIRECTORY}${q({}, [2, 4])}&sort=${encodeURIComponent('["name","DESC"]')}`, {
        token: kumar,
      });
      expect((second.body as Item[]).map((c) => c.name)).toEqual([
        'Perolehan Maju Sdn Bhd',
        'Mutiara Supplies Sdn Bhd',
        'Kukuh Jaya Contractor Sdn Bhd',
      ]);
      expect(second.headers['content-range']).toBe('directory 2-4/8');
      const beyond = await running.api.call('get', `${DIRECTORY}${q({}, [40, 44])}`, { token: kumar });
      expect([beyond.body, beyond.headers['content-range']]).toEqual([[], 'directory 40-40/8']);
      const many = await running.api.call('get', `${DIRECTORY}${q({ id: [MUTIARA, 'seri-hartanah', 'baru-consult', 'nothing'] })}`, {
        token: kumar,
      });
      expect((many.body as Item[]).map((c) => c.id)).toEqual([MUTIARA, 'seri-hartanah']);
      const one = await running.api.call('get', `${DIRECTORY}/${MUTIARA}`, { token: kumar });
      expect([one.status, one.body.name]).toEqual([200, 'Mutiara Supplies Sdn Bhd']);
      // By id the caller's own company is found too (a form showing one of its own documents names it).
      const own = await running.api.call('get', `${DIRECTORY}/${TEGUH}`, { token: kumar });
      expect([own.status, own.body.name]).toEqual([200, 'Teguh Bina Sdn Bhd']);
    });

    it('refuses bad queries with 400 naming the fields, no company chosen with 403, no token with 401', async () => {
      const bad = await running.api.call('get', `${DIRECTORY}?range=[0,500]&sort=["secret","ASC"]&filter={"q":5}`, { token: kumar });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields).sort()).toEqual(['filter.q', 'range', 'sort']);
      expect((await running.api.call('get', `${DIRECTORY}?filter=nope`, { token: kumar })).status).toBe(400);
      expect((await running.api.call('get', `${DIRECTORY}?q=${'x'.repeat(101)}`, { token: kumar })).status).toBe(400);
      const login = await running.api.call('post', '/api/login', { body: { email: 'kumar@teguhbina.my', password: 'Demo@Binaan2026' } });
      const unchosen = await running.api.call('get', DIRECTORY, { token: login.body.jwtToken });
      expect([unchosen.status, unchosen.body.errorCode]).toEqual([403, 'companyNotChosen']);
      expect((await running.api.call('get', DIRECTORY)).status).toBe(401);
    });

    it('a company that is not approved yet may still look (to prepare documents): it sees the approved ones', async () => {
      const reply = await running.api.call('get', `${DIRECTORY}${q({ q: 'Sdn' })}`, { token: nurul });
      expect(reply.status).toBe(200);
      expect((reply.body as Item[]).map((c) => c.id)).toContain(TEGUH);
    });
  });

  describe('the members', () => {
    it("lists the chosen company's active users with name, e-mail and role names, for an administrator", async () => {
      const reply = await running.api.call('get', '/api/company/members', { token: aminah });
      expect(reply.status).toBe(200);
      expect(reply.headers['content-range']).toBe('members 0-3/4');
      expect(reply.body).toEqual([
        {
          id: running.userId('aminah@teguhbina.my'),
          name: 'Aminah binti Yusof',
          email: 'aminah@teguhbina.my',
          roles: ['Company Administrator'],
          isSiteTeam: false,
        },
        {
          id: running.userId('farid@teguhbina.my'),
          name: 'Farid bin Hassan',
          email: 'farid@teguhbina.my',
          roles: ['Site Team'],
          isSiteTeam: true,
        },
        expect.objectContaining({ email: 'kumar@teguhbina.my', roles: ['Procurement Officer'] }),
        expect.objectContaining({ email: 'lim@teguhbina.my', roles: ['Approver'] }),
      ]);
      const other = await running.api.call('get', '/api/company/members', { token: mei });
      expect((other.body as { email: string }[]).map((m) => m.email).sort()).toEqual([
        'ahmad@mutiarasupplies.my',
        'mei@mutiarasupplies.my',
      ]);
      const mine = (other.body as { email: string; roles: string[] }[]).find((m) => m.email === 'mei@mutiarasupplies.my');
      expect(mine?.roles).toEqual(['Approver', 'Company Administrator']);
    });

    it('filters by name or e-mail; an unassigned user drops out', async () => {
      const found = await running.api.call('get', `/api/company/members${q({ q: 'LIM@' })}`, { token: aminah });
      expect((found.body as { email: string }[]).map((m) => m.email)).toEqual(['lim@teguhbina.my']);
      const limId = running.userId('lim@teguhbina.my');
      await running.store.append({
        streamId: `company-${TEGUH}`,
        streamType: 'company',
        expectedRevision: 'stream_exists',
        events: [{ type: 'CompanyUserUnassigned', data: { userId: limId, roleId: 'approver' }, metadata: { actorUserId: 'system:e2e' } }],
      });
      expect((await running.api.call('get', `/api/company/members${q({ q: 'lim' })}`, { token: aminah })).body).toEqual([]);
      await running.store.append({
        streamId: `company-${TEGUH}`,
        streamType: 'company',
        expectedRevision: 'stream_exists',
        events: [
          {
            type: 'CompanyUserAssigned',
            data: { userId: limId, roleId: 'approver', isSiteTeam: false },
            metadata: { actorUserId: 'system:e2e' },
          },
        ],
      });
    });

    it("needs the authority settings' rights (or the users module's): kumar and lim get 403 noAccessRight", async () => {
      for (const token of [kumar, lim]) {
        const refused = await running.api.call('get', '/api/company/members', { token });
        expect([refused.status, refused.body.errorCode]).toEqual([403, 'noAccessRight']);
      }
    });
  });

  describe("a project's authority history", () => {
    it('says who gave whom which level or manual role in the project, when, newest first; other companies and kumar are refused', async () => {
      const projects = (await running.api.call('get', '/api/project-list-by-user', { token: aminah })).body as {
        project: { id: string; project_code: string };
      }[];
      const id = projects.find((p) => p.project.project_code === 'TB-MT-A')!.project.id;
      const before = await running.api.call('get', `/api/projects/${id}/authority-history`, { token: aminah });
      expect(before.status).toBe(200);
      const seeded = before.body.history as { eventType: string; at: string }[];
      expect(seeded.length).toBeGreaterThan(1);
      expect(seeded[0]).toMatchObject({
        eventType: 'ProjectManualRoleGranted',
        email: 'farid@teguhbina.my',
        role: 'Site team (view)',
        userName: 'Farid bin Hassan',
        actor: { name: 'Aminah binti Yusof' },
      });

      const body = { code: 'invoice', user_id: running.userId('farid@teguhbina.my'), workflow_level: 21 };
      expect((await running.api.call('post', `/api/projects/${id}/assignments`, { token: aminah, body })).status).toBe(200);
      expect((await running.api.call('post', `/api/projects/${id}/assignments/unassign`, { token: aminah, body })).status).toBe(200);
      expect(
        (
          await running.api.call('post', `/api/projects/${id}/manual-roles`, {
            token: aminah,
            body: { email: 'hafiz@serihartanah.my', role: 'Consultant (view)' },
          })
        ).status,
      ).toBe(200);
      const after = await running.api.call('get', `/api/projects/${id}/authority-history`, { token: aminah });
      const [role, removed, given] = after.body.history;
      expect(after.body.history).toHaveLength(seeded.length + 3);
      expect(role).toMatchObject({
        eventType: 'ProjectManualRoleGranted',
        email: 'hafiz@serihartanah.my',
        role: 'Consultant (view)',
        userName: 'Hafiz bin Omar',
        scope: null,
        level: null,
      });
      expect(removed).toMatchObject({
        eventType: 'ProjectLevelUnassigned',
        scope: 'workflow',
        code: 'invoice',
        userName: 'Farid bin Hassan',
        level: 21,
        actor: { userId: running.userId('aminah@teguhbina.my'), name: 'Aminah binti Yusof' },
      });
      expect(given).toMatchObject({
        eventType: 'ProjectLevelAssigned',
        scope: 'workflow',
        code: 'invoice',
        userId: running.userId('farid@teguhbina.my'),
        level: 21,
      });
      expect(Date.parse(given.at)).toBeGreaterThanOrEqual(Date.parse(seeded[0]!.at));
      expect(removed.revision).toBe(given.revision + 1);

      expect((await running.api.call('get', `/api/projects/${id}/authority-history`, { token: kumar })).status).toBe(403);
      // Mei administers another company: for her the project does not exist.
      const stranger = await running.api.call('get', `/api/projects/${id}/authority-history`, { token: mei });
      expect([stranger.status, stranger.body.errorCode]).toEqual([404, 'projectNotFound']);
      expect(
        (await running.api.call('get', '/api/projects/00000000-0000-0000-0000-000000000000/authority-history', { token: aminah })).body
          .errorCode,
      ).toBe('projectNotFound');
      expect((await running.api.call('get', '/api/projects/not-a-uuid/authority-history', { token: aminah })).status).toBe(404);
    });
  });

  describe('company names on documents', () => {
    it('the list and the view name the owner and the counterparty, for both sides', async () => {
      const created = await running.api.call('post', '/api/documents/purchaseOrder', {
        token: kumar,
        body: purchaseOrderBody({ title: 'Names on documents' }),
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ companyName: 'Teguh Bina Sdn Bhd', counterpartyName: 'Mutiara Supplies Sdn Bhd' });
      const list = await running.api.call('get', `/api/documents/purchaseOrder${q({ q: 'Names on documents' })}`, { token: kumar });
      expect(list.body).toEqual([
        expect.objectContaining({ id: created.body.id, companyName: 'Teguh Bina Sdn Bhd', counterpartyName: 'Mutiara Supplies Sdn Bhd' }),
      ]);
      // Approved (RM 1,308.57 needs level 1 only), it reaches the seller, who sees the same names.
      const path = `/api/documents/purchaseOrder/${created.body.id}`;
      expect(
        (await running.api.call('post', `${path}/actions/Request_Approve`, { token: kumar, headers: { 'If-Match': '1' } })).status,
      ).toBe(200);
      expect((await running.api.call('post', `${path}/actions/Approve`, { token: lim, headers: { 'If-Match': '2' } })).body.status).toBe(
        'pendingConfirmation',
      );
      const seller = await running.api.call('get', `/api/documents/purchaseOrder${q({ q: 'Names on documents' })}`, { token: mei });
      expect(seller.body).toEqual([
        expect.objectContaining({ id: created.body.id, companyName: 'Teguh Bina Sdn Bhd', counterpartyName: 'Mutiara Supplies Sdn Bhd' }),
      ]);
      expect((await running.api.call('get', path, { token: mei })).body).toMatchObject({
        companyName: 'Teguh Bina Sdn Bhd',
        counterpartyName: 'Mutiara Supplies Sdn Bhd',
      });
      const view = await running.api.call('get', `/api/documents/purchaseOrder/${created.body.id}?revision=1`, { token: kumar });
      expect(view.body).toMatchObject({ companyName: 'Teguh Bina Sdn Bhd', counterpartyName: 'Mutiara Supplies Sdn Bhd' });
    });

    it('a document may go only to a company of the directory: one not approved is refused like an unknown one', async () => {
      for (const counterpartyCompanyId of ['baru-consult', 'lestari-ebuild', 'no-such-company']) {
        const refused = await running.api.call('post', '/api/documents/purchaseOrder', {
          token: kumar,
          body: purchaseOrderBody({ counterpartyCompanyId }),
        });
        expect([refused.status, refused.body.errorCode, Object.keys(refused.body.fields ?? {})]).toEqual([
          422,
          'unknownCounterparty',
          ['counterpartyCompanyId'],
        ]);
      }
      // A real (not demo) approved company is not in a demo company's directory either.
      await running.store.append({
        streamId: 'company-real-steel',
        streamType: 'company',
        expectedRevision: 'no_stream',
        events: [
          {
            type: 'CompanyRegistered',
            data: {
              companyId: 'real-steel',
              name: 'Real Steel Sdn Bhd',
              registrationNo: '7654321-X',
              subscriptionType: 2,
              subscriptionDetailType: 'supplier',
              isDemo: false,
            },
            metadata: { actorUserId: 'system:e2e' },
          },
          { type: 'CompanySubmissionStatusChanged', data: { status: 3 }, metadata: { actorUserId: 'system:e2e' } },
        ],
      });
      expect((await running.api.call('get', `${DIRECTORY}${q({ q: 'Real Steel' })}`, { token: kumar })).body).toEqual([]);
      const real = await running.api.call('post', '/api/documents/purchaseOrder', {
        token: kumar,
        body: purchaseOrderBody({ counterpartyCompanyId: 'real-steel' }),
      });
      expect([real.status, real.body.errorCode]).toEqual([422, 'unknownCounterparty']);
    });
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
