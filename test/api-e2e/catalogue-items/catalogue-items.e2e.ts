// A company's catalogue through the API, given the demo data: Aminah (Teguh Bina's administrator, catalogue
// update) adds, edits, retires and restores items; Kumar (procurement officer) finds them for his lines but
// cannot change them; Lim (approver) cannot read them; Mutiara never sees Teguh Bina's. Names are unique per
// company and kind without case (409 itemNameExists), codes per company (409 itemCodeExists), also when two
// requests race.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  FEATURE_STORES,
  itAnsweredEveryCallWithoutAServerError,
  MUTIARA,
  startDocumentsApp,
  TEGUH,
  UNKNOWN_ID,
  type Running,
} from '../documents/harness.js';

const ITEMS = '/api/catalogue-items';
const q = (filter: object, range = [0, 24], sort?: [string, string]) =>
  `?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(JSON.stringify(range))}${sort ? `&sort=${encodeURIComponent(JSON.stringify(sort))}` : ''}`;
const cement = {
  kind: 'product',
  code: 'CEM-50',
  name: 'Portland cement 50 kg',
  unit: 'bag',
  unitPrice: '23.5',
  brandModel: 'YTL Orang Kuat',
  manufacturer: 'YTL Cement',
  reason: 'Bought for every site',
};

describe.each(FEATURE_STORES)('a company catalogue on %s', (kind) => {
  let running: Running;
  let aminah: string, kumar: string, lim: string, mei: string;
  let cementId = '';
  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    [aminah, kumar, lim, mei] = await Promise.all([
      running.signIn('aminah@teguhbina.my', TEGUH),
      running.signIn('kumar@teguhbina.my', TEGUH),
      running.signIn('lim@teguhbina.my', TEGUH),
      running.signIn('mei@mutiarasupplies.my', MUTIARA),
    ]);
  }, 300_000);
  afterAll(async () => running?.stop());
  const call = (...args: Parameters<Running['api']['call']>) => running.api.call(...args);

  it('given an empty catalogue, when an administrator adds a product, then it is listed with its price in sen and its fields trimmed', async () => {
    expect((await call('get', ITEMS, { token: aminah })).headers['content-range']).toBe('catalogue-items */0');
    const added = await call('post', ITEMS, { token: aminah, body: { ...cement, name: '  Portland   cement 50 kg ' } });
    expect(added.status).toBe(201);
    cementId = added.body.id;
    const one = await call('get', `${ITEMS}/${cementId}`, { token: aminah });
    expect(one.status).toBe(200);
    expect(one.headers.etag).toBe('"0"');
    expect(one.body).toMatchObject({
      id: cementId,
      kind: 'product',
      status: 'active',
      code: 'CEM-50',
      name: 'Portland cement 50 kg',
      unit: 'bag',
      unitPrice: '23.50',
      brandModel: 'YTL Orang Kuat',
      tradeCategory: '',
    });
  });

  it('refuses a second item of the same name in any case with 409 itemNameExists, and a code taken with 409 itemCodeExists; a trade of that name is another item', async () => {
    const sameName = await call('post', ITEMS, { token: aminah, body: { ...cement, code: 'CEM-51', name: 'PORTLAND CEMENT 50 KG' } });
    expect([sameName.status, sameName.body.errorCode]).toEqual([409, 'itemNameExists']);
    const sameCode = await call('post', ITEMS, { token: aminah, body: { ...cement, code: 'cem-50', name: 'White cement' } });
    expect([sameCode.status, sameCode.body.errorCode]).toEqual([409, 'itemCodeExists']);
    const trade = await call('post', ITEMS, {
      token: aminah,
      body: { kind: 'trade', name: 'portland cement 50 kg', tradeCategory: 'Concrete works' },
    });
    expect(trade.status).toBe(201);
    const list = await call('get', `${ITEMS}${q({})}`, { token: aminah });
    // One name, two kinds: equal under the name sort, so their order is the ids'.
    expect((list.body as { kind: string; name: string }[]).map((row) => `${row.kind}: ${row.name}`).sort()).toEqual([
      'product: Portland cement 50 kg',
      'trade: portland cement 50 kg',
    ]);
  });

  it('when two requests add the same name at once, then exactly one is recorded and the other is 409 itemNameExists', async () => {
    const body = (code: string) => ({ kind: 'other', code, name: 'Site signboard', unit: 'nos' });
    const replies = await Promise.all([
      call('post', ITEMS, { token: aminah, body: body('SB-1') }),
      call('post', ITEMS, { token: aminah, body: body('SB-2') }),
      call('post', ITEMS, { token: aminah, body: body('SB-3') }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const refused of replies.filter((r) => r.status === 409)) expect(refused.body.errorCode).toBe('itemNameExists');
    const found = await call('get', `${ITEMS}${q({ q: 'signboard' })}`, { token: aminah });
    expect(found.body).toHaveLength(1);
  });

  it('refuses bad input with 400 naming each field, and records nothing', async () => {
    const bad = await call('post', ITEMS, {
      token: aminah,
      body: { kind: 'product', name: '', unitPrice: '12.345', tradeCategory: 'Piling' },
    });
    expect([bad.status, bad.body.errorCode]).toEqual([400, 'validationFailed']);
    expect(bad.body.fields).toEqual({ name: ['required'], code: ['required'], unitPrice: ['invalidAmount'], tradeCategory: ['tradeOnly'] });
    const notProduct = await call('post', ITEMS, { token: aminah, body: { kind: 'trade', name: 'Tiling', colour: 'Red' } });
    expect(notProduct.body.fields).toEqual({ colour: ['productOnly'] });
    expect((await call('post', ITEMS, { token: aminah, body: { kind: 'machine', name: 'x', code: 'x' } })).body.fields).toEqual({
      kind: ['invalid'],
    });
    expect((await call('post', ITEMS, { token: aminah, body: [] })).status).toBe(400);
    expect((await call('get', `${ITEMS}${q({})}`, { token: aminah })).body).toHaveLength(3);
  });

  it("edits with the revision read (a stale one is 409), refuses another item's name, and tells who changed what, when and why", async () => {
    const stale = await call('put', `${ITEMS}/${cementId}`, {
      token: aminah,
      headers: { 'if-match': '"7"' },
      body: { ...cement, unitPrice: '25' },
    });
    expect([stale.status, stale.body.errorCode]).toEqual([409, 'wrongExpectedRevision']);
    const taken = await call('put', `${ITEMS}/${cementId}`, { token: aminah, body: { ...cement, name: 'Site signboard' } });
    expect(taken.status).toBe(200);
    const edited = await call('put', `${ITEMS}/${cementId}`, {
      token: aminah,
      headers: { 'if-match': `"${taken.body.revision}"` },
      body: { ...cement, unitPrice: '25', reason: 'New price list' },
    });
    expect([edited.status, edited.body.revision]).toEqual([200, 2]);
    const history = await call('get', `${ITEMS}/${cementId}/history`, { token: kumar });
    expect(history.status).toBe(200);
    const steps = history.body.history as {
      event: string;
      byName: string;
      reason: string | null;
      changes: { field: string; before: string | null; after: string }[];
    }[];
    expect(steps.map((s) => s.event)).toEqual(['Added', 'Edited', 'Edited']);
    expect(steps[0]).toMatchObject({ byName: 'Aminah binti Yusof', reason: 'Bought for every site' });
    expect(steps[2]!.changes).toEqual([
      { field: 'name', before: 'Site signboard', after: 'Portland cement 50 kg' },
      { field: 'unitPrice', before: '23.50', after: '25.00' },
    ]);
    expect(steps[2]!.reason).toBe('New price list');
  });

  it('retires with a reason only; a retired item leaves the active list and frees its name; restoring it then is 409 itemNameExists', async () => {
    const noReason = await call('post', `${ITEMS}/${cementId}/actions/Retire`, { token: aminah, body: {} });
    expect([noReason.status, noReason.body.errorCode]).toEqual([422, 'remarkRequired']);
    const retired = await call('post', `${ITEMS}/${cementId}/actions/Retire`, {
      token: aminah,
      body: { reason: 'Supplier stopped this line' },
    });
    expect(retired.status).toBe(200);
    expect((await call('post', `${ITEMS}/${cementId}/actions/Retire`, { token: aminah, body: { reason: 'again' } })).body.errorCode).toBe(
      'catalogueItemRetired',
    );
    expect((await call('put', `${ITEMS}/${cementId}`, { token: aminah, body: cement })).body.errorCode).toBe('catalogueItemRetired');
    const active = await call('get', `${ITEMS}${q({ kind: 'product' })}`, { token: aminah });
    expect(active.body).toEqual([]);
    const inRetired = await call('get', `${ITEMS}${q({ status: 'retired' })}`, { token: aminah });
    expect((inRetired.body as { id: string }[]).map((r) => r.id)).toEqual([cementId]);
    const successor = await call('post', ITEMS, { token: aminah, body: { ...cement, code: 'CEM-50B' } });
    expect(successor.status).toBe(201);
    const restore = await call('post', `${ITEMS}/${cementId}/actions/Restore`, { token: aminah, body: { reason: 'Back in stock' } });
    expect([restore.status, restore.body.errorCode]).toEqual([409, 'itemNameExists']);
    await call('post', `${ITEMS}/${successor.body.id}/actions/Retire`, { token: aminah, body: { reason: 'Duplicate' } });
    const restored = await call('post', `${ITEMS}/${cementId}/actions/Restore`, { token: aminah, body: { reason: 'Back in stock' } });
    expect(restored.status).toBe(200);
    expect((await call('post', `${ITEMS}/${cementId}/actions/Restore`, { token: aminah, body: { reason: 'again' } })).body.errorCode).toBe(
      'catalogueItemNotRetired',
    );
    const steps = (await call('get', `${ITEMS}/${cementId}/history`, { token: aminah })).body.history as {
      event: string;
      reason: string;
    }[];
    expect(steps.slice(-2).map((s) => [s.event, s.reason])).toEqual([
      ['Retired', 'Supplier stopped this line'],
      ['Restored', 'Back in stock'],
    ]);
  });

  it('searches name and code, filters a kind, sorts by code and pages with the total', async () => {
    for (const [code, name] of [
      ['PL-12', 'Plywood 12 mm'],
      ['PL-09', 'Plywood 9 mm'],
      ['RB-10', 'Rebar Y10'],
    ]) {
      expect((await call('post', ITEMS, { token: aminah, body: { kind: 'product', code, name, unit: 'pcs' } })).status).toBe(201);
    }
    const byCode = await call('get', `${ITEMS}${q({ q: 'pl-', kind: 'product' }, [0, 0], ['code', 'ASC'])}`, { token: kumar });
    expect((byCode.body as { code: string }[]).map((r) => r.code)).toEqual(['PL-09']);
    expect(byCode.headers['content-range']).toBe('catalogue-items 0-0/2');
    const byName = await call('get', `${ITEMS}${q({ q: 'PLYWOOD 1' })}`, { token: kumar });
    expect((byName.body as { name: string }[]).map((r) => r.name)).toEqual(['Plywood 12 mm']);
    expect((await call('get', `${ITEMS}${q({ q: '%' })}`, { token: kumar })).body).toEqual([]);
    const trades = await call('get', `${ITEMS}${q({ kind: 'trade' })}`, { token: kumar });
    expect((trades.body as { kind: string }[]).every((r) => r.kind === 'trade')).toBe(true);
    const beyond = await call('get', `${ITEMS}${q({ kind: 'product' }, [40, 44])}`, { token: kumar });
    expect([beyond.body, beyond.headers['content-range']]).toEqual([[], 'catalogue-items */4']);
    const many = await call('get', `${ITEMS}${q({ id: [cementId, UNKNOWN_ID] })}`, { token: kumar });
    expect((many.body as { id: string }[]).map((r) => r.id)).toEqual([cementId]);
  });

  it("lets document drafters read but not change it, refuses others, and never shows one company's items to another", async () => {
    expect((await call('post', ITEMS, { token: kumar, body: { kind: 'trade', name: 'Painting' } })).body.errorCode).toBe('noAccessRight');
    expect((await call('post', `${ITEMS}/${cementId}/actions/Retire`, { token: kumar, body: { reason: 'x' } })).status).toBe(403);
    expect([(await call('get', ITEMS, { token: lim })).status, (await call('get', `${ITEMS}/${cementId}`, { token: lim })).status]).toEqual(
      [403, 403],
    );
    expect((await call('get', `${ITEMS}/${cementId}`, { token: mei })).status).toBe(404);
    expect((await call('get', `${ITEMS}/${cementId}/history`, { token: mei })).status).toBe(404);
    expect((await call('put', `${ITEMS}/${cementId}`, { token: mei, body: cement })).body.errorCode).toBe('catalogueItemNotFound');
    expect((await call('get', ITEMS, { token: mei })).body).toEqual([]);
    // Mutiara's own item of the same name and code is its own business.
    expect((await call('post', ITEMS, { token: mei, body: cement })).status).toBe(201);
    expect((await call('get', ITEMS)).status).toBe(401);
  });

  it('refuses odd list parameters with 400 naming them, and an unknown item with 404', async () => {
    const bad = await call('get', `${ITEMS}?sort=${encodeURIComponent('["price","ASC"]')}&range=[0,500]`, { token: aminah });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['range', 'sort']);
    expect((await call('get', `${ITEMS}${q({ kind: 'machine' })}`, { token: aminah })).body.fields).toHaveProperty(['filter.kind']);
    expect((await call('get', `${ITEMS}${q({ status: 'gone' })}`, { token: aminah })).status).toBe(400);
    expect((await call('get', `${ITEMS}/${UNKNOWN_ID}`, { token: aminah })).body.errorCode).toBe('catalogueItemNotFound');
    expect((await call('put', `${ITEMS}/${UNKNOWN_ID}`, { token: aminah, body: cement })).status).toBe(404);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
