// Notifications of a project's plans over the API, on PGlite and on PostgreSQL: given the demo
// project Menara Teguh where Kumar proposes (level 10) and Lim verifies (level 20) the bill of quantity, the
// ongoing budget and the progress plan, each status change tells exactly the right users, and each lands on
// its §2.6 page: the approvers when it waits for approval, the maker (who asked) when it is decided; a BQ
// scan the OCR has read tells its uploader. Nobody is told of their own action.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { notificationLink, type NotificationEventData } from '@binaan/contracts';
import { FEATURE_STORES, TEGUH } from '../documents/harness.js';
import { startAuthorityApp, type AuthorityRunning } from '../authority/harness.js';
import { settled } from './harness.js';

type Told = { email: string; module: string; src: string };

describe.each(FEATURE_STORES)('plan notifications on %s', (kind) => {
  let running: AuthorityRunning;
  let aminah: string, kumar: string, lim: string;
  let project = '';
  /** Who was told of these modules, oldest first. */
  const told = async (modules: string[]): Promise<Told[]> =>
    running.sql.query<Told>(
      `SELECT u.email, e.module, e.src FROM notification_events e JOIN identity_users u ON u.user_id = e.user_id
     WHERE e.module = ANY($1::text[]) ORDER BY e.creation_date, u.email`,
      [modules],
    );
  const act = async (path: string, token: string, event: string, revision: number, body: Record<string, unknown> = {}) => {
    running.clock.advance(60_000);
    const reply = await running.api.call('post', `${path}/actions/${event}`, { token, body, headers: { 'If-Match': `"${revision}"` } });
    expect([reply.status, reply.body.errorCode]).toEqual([200, undefined]);
    await settled(running.app);
    return reply.body.revision as number;
  };

  beforeAll(async () => {
    running = await startAuthorityApp(kind);
    [aminah, kumar, lim] = await Promise.all([
      running.signIn('aminah@teguhbina.my', TEGUH),
      running.signIn('kumar@teguhbina.my', TEGUH),
      running.signIn('lim@teguhbina.my', TEGUH),
    ]);
    const list = (await running.api.call('get', '/api/project-list-by-user', { token: kumar })).body as {
      project: { id: string; project_code: string };
    }[];
    project = list.find((i) => i.project.project_code === 'TB-MT-A')!.project.id;
    for (const code of ['billOfQuantity', 'ongoingBudget', 'progressPlanning']) {
      for (const [email, level] of [
        ['kumar@teguhbina.my', 10],
        ['lim@teguhbina.my', 20],
      ] as const) {
        const given = await running.api.call('post', `/api/projects/${project}/assignments`, {
          token: aminah,
          body: { code, user_id: running.userId(email), workflow_level: level },
        });
        expect(given.status).toBe(200);
      }
    }
    await settled(running.app);
  }, 300_000);
  afterAll(async () => running?.stop());

  it('BQ: the request tells Lim (the next level), the rejection and the approval tell Kumar (who asked); each link is its §2.6 page', async () => {
    const bq = async (at: string, body: Record<string, unknown>) => {
      const reply = await running.api.call('post', `/api/${at}`, { token: kumar, body: { project_id: project, ...body } });
      expect(reply.status).toBeLessThan(300);
      return reply.body as { id: string; revision: number };
    };
    const tab = await bq('bq-tab/add', { name: 'Preliminaries' });
    let revision = (
      await bq('bq-item/add', {
        revision: tab.revision,
        bq_tab_id: tab.id,
        type: 'item',
        title: 'Site office',
        description: 'Site office 20 m2',
        unit: 'month',
        quantity: '6',
        rate: '1500',
      })
    ).revision;
    await settled(running.app);
    expect(await told(['billOfQuantity'])).toEqual([]); // making a BQ tells no one
    const path = `/api/bill-of-quantity/${project}`;
    revision = await act(path, kumar, 'Request_Approve', revision);
    expect(await told(['billOfQuantity'])).toEqual([{ email: 'lim@teguhbina.my', module: 'billOfQuantity', src: 'pendingApproval' }]);
    revision = await act(path, lim, 'Reject', revision, { remark: 'Quantities to check' });
    revision = await act(path, kumar, 'Resubmit', revision);
    await act(path, lim, 'Approve', revision);
    expect(await told(['billOfQuantity'])).toEqual([
      { email: 'lim@teguhbina.my', module: 'billOfQuantity', src: 'pendingApproval' },
      { email: 'kumar@teguhbina.my', module: 'billOfQuantity', src: 'rejected' },
      { email: 'lim@teguhbina.my', module: 'billOfQuantity', src: 'pendingApproval' },
      { email: 'kumar@teguhbina.my', module: 'billOfQuantity', src: 'active' },
    ]);
    const feed = await running.api.call('get', '/api/application/user-event-list?start=0&length=3', { token: kumar });
    const [active, rejected] = (feed.body.events as { module: string; src: string; src_id: string; event_data: string }[]).filter(
      (e) => e.module === 'billOfQuantity',
    );
    expect(notificationLink(active!).href).toBe(`/bill-of-quantity/${project}/active`);
    expect(notificationLink(rejected!).href).toBe(`/bill-of-quantity/${project}/rejected`);
    expect(JSON.parse(rejected!.event_data) as NotificationEventData).toMatchObject({
      project_id: project,
      document_no: 'TB-MT-A',
      resource: 'billOfQuantity',
      status: 'rejected',
      workflow_event: 'Reject',
      remark: 'Quantities to check',
      actor_user_id: running.userId('lim@teguhbina.my'),
    });
  });

  it('ongoing budget and progress plan: started pending tells Lim; approved tells Kumar; their §2.6 pages', async () => {
    for (const [suffix, module] of [
      ['budget', 'ongoingBudget'],
      ['progress-plan', 'progressPlanning'],
    ] as const) {
      const path = `/api/projects/${project}/${suffix}`;
      const started = await running.api.call('post', path, { token: kumar });
      expect(started.status).toBe(201);
      await settled(running.app);
      expect(await told([module])).toEqual([{ email: 'lim@teguhbina.my', module, src: 'pending' }]);
      await act(path, lim, 'Approve', started.body.revision as number);
      expect(await told([module])).toEqual([
        { email: 'lim@teguhbina.my', module, src: 'pending' },
        { email: 'kumar@teguhbina.my', module, src: 'approved' },
      ]);
    }
    const events = (await running.api.call('get', '/api/application/user-event-list?start=0&length=20', { token: lim })).body.events as {
      module: string;
      src: string;
      src_id: string;
      event_data: string;
    }[];
    const hrefs = events
      .filter((e) => e.module === 'ongoingBudget' || e.module === 'progressPlanning')
      .map((e) => notificationLink(e).href);
    expect(hrefs.sort()).toEqual([`/ongoing-budget/${project}/pending`, `/project-progress-planning/${project}/pending`]);
  });

  it('BQ scan: read by the OCR (or failed) tells its uploader, once; the link is the scan list', async () => {
    const kumarId = running.userId('kumar@teguhbina.my');
    const scanId = '6f1d7c52-9a0e-4c1b-8e57-2f7a4b1c9d30';
    const meta = { actorUserId: kumarId, actorCompanyId: TEGUH };
    await running.store.append({
      streamId: `bq-scan-${scanId}`,
      streamType: 'bqScan',
      expectedRevision: 'no_stream',
      events: [
        {
          type: 'BqScanUploaded',
          data: { projectId: project, companyId: TEGUH, fileName: 'bq-page-1.png', mediaType: 'image/png', size: 1000, device: 'computer' },
          metadata: meta,
        },
      ],
    });
    await settled(running.app);
    expect(await told(['bqScan'])).toEqual([]); // the upload is the uploader's own act
    await running.store.append({
      streamId: `bq-scan-${scanId}`,
      streamType: 'bqScan',
      expectedRevision: 0,
      events: [{ type: 'BqScanRead', data: { pages: 1, rows: [] }, metadata: { ...meta, by: 'ocr' } }],
    });
    await settled(running.app);
    expect(await told(['bqScan'])).toEqual([{ email: 'kumar@teguhbina.my', module: 'bqScan', src: 'pendingReview' }]);
    const [event] = (await running.api.call('get', '/api/application/user-event-list?start=0&length=1', { token: kumar })).body.events as {
      module: string;
      src: string;
      src_id: string;
      event_data: string;
    }[];
    expect(event).toMatchObject({ module: 'bqScan', src: 'pendingReview', src_id: scanId });
    expect(notificationLink(event!).href).toBe(`/project/${project}/bill-of-quantity-scan-list`);
    expect(JSON.parse(event!.event_data)).toMatchObject({ doc_description: 'bq-page-1.png', project_id: project });
    // Discarded by Kumar himself: nothing more.
    await running.store.append({
      streamId: `bq-scan-${scanId}`,
      streamType: 'bqScan',
      expectedRevision: 1,
      events: [{ type: 'BqScanDiscarded', data: { remark: null }, metadata: meta }],
    });
    await settled(running.app);
    expect(await told(['bqScan'])).toHaveLength(1);
  });
});
