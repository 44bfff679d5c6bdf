// The sync queue (spec §4.9, §8.2): one change at a time, in order; temporary ids from -1 down, mapped
// both ways; a change to a row the server does not know yet goes with the lookup's id; no tab on the
// server: the row is removed and the caller toasts; refusals go to the page and bring the view up to date;
// others' changes from the live channel are folded, ours are not folded twice.
import { describe, expect, it } from 'vitest';
import type { BqChangeReply } from '@binaan/contracts';
import type { BqChange, BqOp } from './bq-ops.js';
import { BqSync, IdLookup, requestFor, type SyncDeps } from './bq-sync.js';

type Call = {
  path: string;
  body: Record<string, unknown>;
  resolve: (reply: Partial<BqChangeReply>) => void;
  reject: (error: unknown) => void;
};

function harness(revision = 3) {
  const calls: Call[] = [];
  const logged: string[] = [];
  const tabRequired: BqOp[] = [];
  const foreign: BqChange[] = [];
  const reloads: (readonly BqOp[])[] = [];
  const refused: { op: BqOp; status: number; code: string }[] = [];
  let serverRevision = revision;
  const deps: SyncDeps = {
    projectId: 'p1',
    send: (path, body) =>
      new Promise((resolve, reject) =>
        calls.push({
          path,
          body,
          resolve: (r) => resolve({ success: true, nodes: [], removed: [], tabs: [], amount: '0.00', revision: ++serverRevision, ...r }),
          reject,
        }),
      ),
    reload: async (pending) => {
      reloads.push([...pending]);
      return { revision: serverRevision, dropped: [] };
    },
    changesSince: async () => ({ changes: [], more: false }),
    applyForeign: (change) => {
      foreign.push(change);
      return true;
    },
    tabRequired: (op) => tabRequired.push(op),
    refused: (op, failure) => refused.push({ op, ...failure }),
    log: (message) => logged.push(message),
    wait: async () => undefined,
  };
  const sync = new BqSync(deps, revision);
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return { sync, calls, logged, tabRequired, foreign, reloads, refused, tick, bump: () => ++serverRevision };
}

const add = (id: string, parentId: string | null = null, tabId: string | null = 'tab-1'): BqOp => ({
  kind: 'add',
  id,
  tabId,
  parentId,
  type: parentId ? 'item' : 'header',
  fields: { title: id },
  order: 0,
});

describe('the id lookup', () => {
  it('temporary ids count down from -1 and map both ways', () => {
    const ids = new IdLookup();
    expect([ids.temporary(), ids.temporary(), ids.temporary()]).toEqual(['-1', '-2', '-3']);
    ids.map('-2', 'server-b');
    expect([ids.server('-2'), ids.local('server-b'), ids.server('-1'), ids.server('server-x'), ids.local('server-x')]).toEqual([
      'server-b',
      '-2',
      undefined,
      'server-x',
      'server-x',
    ]);
  });
});

describe('the request of a change', () => {
  it('names a row unknown to the server by the lookup id, and sends the revision it was made on', () => {
    const ids = new IdLookup();
    const header = ids.temporary();
    ids.map(header, 'h-server');
    const request = requestFor({ kind: 'update', id: header, tabId: 'tab-1', fields: { title: 'Excavation' } }, ids, 'p1', 7);
    expect(request).toEqual({
      path: 'bq-item/update',
      body: { project_id: 'p1', revision: 7, bq_tab_id: 'tab-1', id: 'h-server', title: 'Excavation' },
    });
    expect(requestFor(add('-5', header), ids, 'p1', 7)).toMatchObject({
      path: 'bq-item/add',
      body: { parent_id: 'h-server', bq_tab_id: 'tab-1', type: 'item', order: 0 },
    });
  });

  it('promote and demote go to the spec paths with { project_id, bq_tab_id, id }', () => {
    const ids = new IdLookup();
    expect(requestFor({ kind: 'promote', id: 'n1', tabId: 't1' }, ids, 'p1', 2)).toEqual({
      path: 'bq-item/promote-header',
      body: { project_id: 'p1', revision: 2, bq_tab_id: 't1', id: 'n1' },
    });
    expect(requestFor({ kind: 'demote', id: 'n1', tabId: 't1' }, ids, 'p1', 2)).toMatchObject({ path: 'bq-item/demote-header' });
  });

  it('a BQ not started yet sends no revision; a tab never created sends no tab (the api then asks for one)', () => {
    const ids = new IdLookup();
    expect(requestFor({ kind: 'addTab', id: '-1', name: 'Preliminaries' }, ids, 'p1', -1)).toEqual({
      path: 'bq-tab/add',
      body: { project_id: 'p1', name: 'Preliminaries' },
    });
    expect(requestFor(add('-2', null, '-1'), ids, 'p1', -1)).toMatchObject({ body: { bq_tab_id: null } });
  });

  it('a change to a row whose creation failed is not sent', () => {
    expect(requestFor({ kind: 'delete', id: '-9', tabId: 't1' }, new IdLookup(), 'p1', 3)).toHaveProperty('skip');
  });
});

describe('the queue', () => {
  it('sends one change at a time, in order, each with the server id of a row created just before', async () => {
    const { sync, calls, tick } = harness();
    const header = sync.ids.temporary();
    const item = sync.ids.temporary();
    sync.push(add(header));
    sync.push(add(item, header));
    sync.push({ kind: 'update', id: item, tabId: 'tab-1', fields: { quantity: '2.000' } });
    await tick();
    expect(calls.map((c) => c.path)).toEqual(['bq-item/add']);
    expect(sync.queued).toBe(3);
    calls[0]!.resolve({ id: 'H' });
    await tick();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toMatchObject({ parent_id: 'H', revision: 4 });
    calls[1]!.resolve({ id: 'I' });
    await tick();
    expect(calls[2]!.body).toMatchObject({ id: 'I', quantity: '2.000', revision: 5 });
    calls[2]!.resolve({});
    await tick();
    expect([sync.queued, sync.idle, sync.revision]).toEqual([0, true, 6]);
    expect([sync.ids.server(header), sync.ids.local('I')]).toEqual(['H', item]);
  });

  it('duplicate and import map each new row by position', async () => {
    const { sync, calls, tick } = harness();
    sync.push({
      kind: 'duplicate',
      id: 'n1',
      tabId: 't1',
      copies: [
        ['n1', '-1'],
        ['n2', '-2'],
      ],
    });
    await tick();
    calls[0]!.resolve({
      created: [
        ['n1', 'C1'],
        ['n2', 'C2'],
      ],
    });
    sync.push({ kind: 'import', tabId: 't1', parentId: null, rows: [], ids: ['-3', '-4'] });
    await tick();
    calls[1]!.resolve({
      created: [
        ['0', 'R0'],
        ['1', 'R1'],
      ],
    });
    await tick();
    expect(['-1', '-2', '-3', '-4'].map((id) => sync.ids.server(id))).toEqual(['C1', 'C2', 'R0', 'R1']);
  });

  it('no tab on the server: the caller is told (toast, row removed), changes queued to that row are dropped, nothing shown for the rest', async () => {
    const { sync, calls, tabRequired, tick, reloads } = harness(-1);
    sync.push(add('-1', null, null));
    sync.push({ kind: 'update', id: '-1', tabId: null, fields: { title: 'x' } });
    await tick();
    calls[0]!.reject({ status: 422, errorCode: 'bqTabRequired' });
    await tick();
    expect(tabRequired).toHaveLength(1);
    expect(calls).toHaveLength(1);
    expect([sync.queued, reloads.length]).toEqual([0, 0]);
  });

  it('a 409 is logged, handed to the page, and the BQ is read again with the changes still queued applied on top', async () => {
    const { sync, calls, logged, reloads, refused, tick } = harness();
    sync.push({ kind: 'update', id: 'n1', tabId: 't1', fields: { title: 'mine' } });
    sync.push({ kind: 'update', id: 'n2', tabId: 't1', fields: { title: 'also mine' } });
    await tick();
    calls[0]!.reject({ status: 409, errorCode: 'wrongExpectedRevision' });
    await tick();
    expect(logged.join('\n')).toContain('409 wrongExpectedRevision');
    expect(refused.map((r) => r.code)).toEqual(['wrongExpectedRevision']);
    expect(reloads).toEqual([[{ kind: 'update', id: 'n2', tabId: 't1', fields: { title: 'also mine' } }]]);
    expect(calls.map((c) => c.body.id)).toEqual(['n1', 'n2']);
  });

  it('a change refused for want of authority is handed to the page with its code, and the BQ is read again to put the row back', async () => {
    const { sync, calls, refused, reloads, tick } = harness();
    const op: BqOp = { kind: 'addTab', id: '-1', name: 'Preliminaries' };
    sync.push(op);
    await tick();
    calls[0]!.reject({ status: 403, errorCode: 'noAuthority' });
    await tick();
    expect(refused).toEqual([{ op, status: 403, code: 'noAuthority' }]);
    expect(reloads).toHaveLength(1);
    expect(sync.queued).toBe(0);
  });

  it('a change not reached is not a refusal: nothing is handed to the page while it is sent again', async () => {
    const { sync, calls, refused, tick } = harness();
    sync.push({ kind: 'delete', id: 'n1', tabId: 't1' });
    await tick();
    calls[0]!.reject({ status: 503, errorCode: 'unavailable' });
    await tick();
    expect(refused).toEqual([]);
    expect(sync.queued).toBe(1);
  });

  it('not reached: the same change is sent again', async () => {
    const { sync, calls, tick } = harness();
    sync.push({ kind: 'delete', id: 'n1', tabId: 't1' });
    await tick();
    calls[0]!.reject({ status: 0, errorCode: 'unknownError' });
    await tick();
    expect(calls.map((c) => c.path)).toEqual(['bq-item/delete', 'bq-item/delete']);
  });
});

describe('live changes', () => {
  const change = (revision: number, type = 'BqNodeUpdated'): BqChange => ({ revision, type, data: {}, at: '', userId: 'u2' });

  it("others' changes are folded in order; ours (known from the reply) are not folded again", async () => {
    const { sync, calls, foreign, tick, bump } = harness(3);
    bump();
    sync.receive([change(4)]);
    expect(foreign.map((c) => c.revision)).toEqual([4]);
    sync.push({ kind: 'delete', id: 'n1', tabId: 't1' });
    await tick();
    // Ours is revision 5; the live channel gives it before the reply: kept until the reply says it is ours.
    sync.receive([change(5, 'BqNodeRemoved')]);
    calls[0]!.resolve({});
    await tick();
    expect(foreign.map((c) => c.revision)).toEqual([4]);
    expect(sync.revision).toBe(5);
  });

  it("another user's change below ours, seen after our reply, is folded and the revision moves past both", async () => {
    const h = harness(3);
    h.sync.push({ kind: 'delete', id: 'n1', tabId: 't1' });
    await h.tick();
    h.bump(); // revision 4: someone else, recorded before ours
    h.calls[0]!.resolve({});
    await h.tick();
    expect(h.sync.revision).toBe(3);
    h.sync.receive([change(4), change(5, 'BqNodeRemoved')]);
    expect(h.foreign.map((c) => c.revision)).toEqual([4]);
    expect(h.sync.revision).toBe(5);
  });

  it('a change folded while ours are queued reads the BQ again once the queue is empty', async () => {
    const h = harness(3);
    h.sync.push({ kind: 'delete', id: 'n1', tabId: 't1' });
    h.sync.push({ kind: 'delete', id: 'n2', tabId: 't1' });
    await h.tick();
    h.calls[0]!.resolve({});
    await h.tick();
    h.bump(); // revision 5: someone else, while our second change is on its way
    h.sync.receive([change(5)]);
    expect(h.foreign).toHaveLength(0);
    h.calls[1]!.resolve({});
    await h.tick();
    await h.tick();
    expect(h.foreign.map((c) => c.revision)).toEqual([5]);
    expect(h.reloads).toHaveLength(1);
    expect(h.sync.revision).toBe(6);
  });
});
