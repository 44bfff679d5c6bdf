// The inventory context through the API, given the demo data (apps/api/src/inventory/README.md): Teguh Bina's
// products (catalogue products: duplicate code 409, bad fields 400), its site locations (add, rename, list by
// keyset, delete; one a movement names is refused 409 siteLocationInUse with the spec's message), and stock
// movements of its Menara Teguh project through the stock machine: received from a delivery order Mutiara
// Supplies confirmed (partial, then fully; not above the order's lines), transferred between two locations,
// used, adjusted with a reason, cancelled after confirmation (the stock comes back). The on-hand figures at
// each step, as of the end of the first day, and never below zero (422 stockBelowZero); other companies see nothing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FEATURE_STORES, itAnsweredEveryCallWithoutAServerError, MUTIARA, TEGUH, UNKNOWN_ID } from '../documents/harness.js';
import { startAuthorityApp, type AuthorityRunning as Running } from '../authority/harness.js';
import { settled } from '../notifications/harness.js';

const LOCATIONS = '/api/inventory/site-locations';
const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
type OnHand = { productCode: string; locationName: string; quantity: string };

describe.each(FEATURE_STORES)('inventory on %s', (kind) => {
  let running: Running;
  let aminah: string, kumar: string, lim: string, mei: string;
  let projectId = '';
  const product = { cement: '', rebar: '' };
  const location = { store: '', yard: '', spare: '' };
  let orderId = '';
  let receiptId = '';
  let transferId = '';
  const call = (...args: Parameters<Running['api']['call']>) => running.api.call(...args);
  const base = () => `/api/inventory/projects/${projectId}`;
  const record = (token: string, body: Record<string, unknown>) => call('post', `${base()}/movements`, { token, body });
  const act = (token: string, id: string, action: string, body: Record<string, unknown> = {}) =>
    call('post', `${base()}/movements/${id}/actions/${action}`, { token, body });
  /** Who was notified of a movement, by e-mail: the §2.6 page (src) and the step, in order. */
  const noticesOf = async (movementId: string) => {
    await settled(running.app);
    const rows = await running.sql.query<{ email: string; src: string; module: string; step: string }>(
      `SELECT u.email, e.src, e.module, e.event_data::jsonb->>'workflow_event' AS step
         FROM notification_events e JOIN identity_users u ON u.user_id = e.user_id WHERE e.src_id = $1 ORDER BY e.creation_date, u.email`,
      [movementId],
    );
    return rows.map((row) => `${row.email} ${row.module}/${row.src} ${row.step}`);
  };
  const onHand = async (query = '') => {
    const reply = await call('get', `${base()}/on-hand${query}`, { token: kumar });
    expect(reply.status).toBe(200);
    return (reply.body.items as OnHand[]).map((row) => `${row.productCode}@${row.locationName}=${row.quantity}`).sort();
  };

  beforeAll(async () => {
    running = await startAuthorityApp(kind);
    [aminah, kumar, lim, mei] = await Promise.all([
      running.signIn('aminah@teguhbina.my', TEGUH),
      running.signIn('kumar@teguhbina.my', TEGUH),
      running.signIn('lim@teguhbina.my', TEGUH),
      running.signIn('mei@mutiarasupplies.my', MUTIARA),
    ]);
    const [project] = await running.sql.query<{ project_id: string }>("SELECT project_id FROM projects WHERE code = 'TB-MT-A'");
    projectId = project!.project_id;
    // The demo gives no one stock or delivery order levels in the project: its administrator does.
    const [kumarId, limId, aminahId] = ['kumar', 'lim', 'aminah'].map((who) => running.userId(`${who}@teguhbina.my`));
    for (const code of ['stock', 'deliveryOrder'])
      for (const [userId, level] of [
        [kumarId, 10],
        [limId, 20],
        [limId, 21],
        [aminahId, 22],
      ] as const) {
        const assigned = await call('post', `/api/projects/${projectId}/assignments`, {
          token: aminah,
          body: { code, user_id: userId, workflow_level: level },
        });
        expect(assigned.status).toBe(200);
      }
  }, 300_000);
  afterAll(async () => running?.stop());

  it('products are the catalogue products: added with the inventory fields, a taken code 409, bad fields 400', async () => {
    const add = (body: Record<string, unknown>) =>
      call('post', '/api/catalogue-items', { token: aminah, body: { kind: 'product', reason: 'Site stock', ...body } });
    const cement = await add({
      code: 'INV-CEM',
      name: 'Cement 50 kg (site stock)',
      unit: 'bag',
      unitPrice: '23.50',
      brandModel: 'Orang Kuat',
      colour: 'Grey',
      size: '50 kg',
      manufacturer: 'YTL Cement',
    });
    const rebar = await add({
      code: 'INV-Y16',
      name: 'Rebar Y16 (site stock)',
      unit: 'pc',
      unitPrice: '41.00',
      size: '16 mm x 12 m',
      manufacturer: 'Southern Steel',
    });
    expect([cement.status, rebar.status]).toEqual([201, 201]);
    product.cement = cement.body.id;
    product.rebar = rebar.body.id;
    const taken = await add({ code: 'inv-cem', name: 'Another cement' });
    expect([taken.status, taken.body.errorCode]).toEqual([409, 'itemCodeExists']);
    const bad = await add({ code: 'INV-BAD', name: '', unitPrice: 'twelve' });
    expect([bad.status, bad.body.errorCode]).toEqual([400, 'validationFailed']);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['name', 'unitPrice']));
  });

  it('site locations: added for the project or the company, named once, renamed, listed by keyset, an unused one deleted', async () => {
    const add = (body: Record<string, unknown>) => call('post', LOCATIONS, { token: kumar, body });
    const store = await add({ name: 'Main store', projectId });
    const yard = await add({ name: 'Rebar yard', projectId });
    const spare = await add({ name: 'Head office spare room' });
    expect([store.status, yard.status, spare.status]).toEqual([201, 201, 201]);
    [location.store, location.yard, location.spare] = [store.body.id, yard.body.id, spare.body.id];
    const twice = await add({ name: 'main  STORE', projectId });
    expect([twice.status, twice.body.errorCode]).toEqual([409, 'siteLocationNameExists']);
    const empty = await add({ name: ' ' });
    expect([empty.status, empty.body.errorCode, empty.body.fields]).toEqual([400, 'validationFailed', { name: ['required'] }]);
    const elsewhere = await add({ name: 'Nowhere', projectId: UNKNOWN_ID });
    expect([elsewhere.status, elsewhere.body.errorCode]).toEqual([404, 'projectNotFound']);
    const renamed = await call('put', `${LOCATIONS}/${location.store}`, { token: kumar, body: { name: 'Main store, Block A' } });
    expect([renamed.status, renamed.body.name]).toEqual([200, 'Main store, Block A']);
    const first = await call('get', `${LOCATIONS}?limit=2&filter=${enc({ projectId })}`, { token: lim });
    expect(first.body.items.map((l: { name: string }) => l.name)).toEqual(['Head office spare room', 'Main store, Block A']);
    const second = await call('get', `${LOCATIONS}?limit=2&filter=${enc({ projectId })}&after=${first.body.next}`, { token: lim });
    expect([second.body.items.map((l: { name: string }) => l.name), second.body.next]).toEqual([['Rebar yard'], null]);
    expect((await call('get', LOCATIONS, { token: mei })).body.items).toEqual([]);
    expect((await call('delete', `${LOCATIONS}/${location.spare}`, { token: mei })).body.errorCode).toBe('siteLocationNotFound');
    expect((await call('delete', `${LOCATIONS}/${location.spare}`, { token: kumar })).status).toBe(200);
  });

  it('stock is received only from a confirmed delivery order of the project, within its lines: partial, then fully', async () => {
    const orders = '/api/documents/deliveryOrder';
    const created = await call('post', orders, {
      token: kumar,
      body: {
        title: 'DO: cement and rebar, Block A',
        projectId,
        counterpartyCompanyId: MUTIARA,
        items: [
          { description: 'Cement 50 kg', unit: 'bag', quantity: '10', rate: '23.50', deliveredQuantity: '10' },
          { description: 'Rebar Y16', unit: 'pc', quantity: '5', rate: '41.00', deliveredQuantity: '5' },
        ],
      },
    });
    expect(created.status).toBe(201);
    orderId = created.body.id;
    const receipt = {
      kind: 'receive',
      deliveryOrderId: orderId,
      toLocationId: location.store,
      lines: [
        { productId: product.cement, orderLineNo: 1, quantity: '10' },
        { productId: product.rebar, orderLineNo: 2, quantity: '5' },
      ],
    };
    const early = await record(kumar, receipt);
    expect([early.status, early.body.errorCode]).toEqual([422, 'deliveryOrderNotReceivable']);
    let revision = created.body.revision as number;
    for (const [token, event] of [
      [kumar, 'Request_Approve'],
      [lim, 'Approve'],
    ] as const) {
      const moved = await call('post', `${orders}/${orderId}/actions/${event}`, { token, headers: { 'If-Match': String(revision) } });
      expect(moved.status).toBe(200);
      revision = moved.body.revision;
    }
    let order = await call('get', `${orders}/${orderId}`, { token: kumar });
    if (order.body.status === 'pendingApproval') {
      const last = await call('post', `${orders}/${orderId}/actions/Approve`, { token: aminah, headers: { 'If-Match': String(revision) } });
      expect(last.status).toBe(200);
    }
    order = await call('get', `${orders}/${orderId}`, { token: mei });
    const confirmed = await call('post', `${orders}/${orderId}/actions/Confirm`, {
      token: mei,
      headers: { 'If-Match': String(order.body.revision) },
    });
    expect([confirmed.status, confirmed.body.status]).toEqual([200, 'confirmed']);

    const above = await record(kumar, { ...receipt, lines: [{ productId: product.cement, orderLineNo: 1, quantity: '10.001' }] });
    expect([above.status, above.body.errorCode, above.body.fields]).toEqual([
      422,
      'stockAboveRemaining',
      { 'lines[0].quantity': ['at most 10.000 remains on the order line'] },
    ]);
    const badLines = await record(kumar, { ...receipt, lines: [{ productId: UNKNOWN_ID, orderLineNo: 1, quantity: '-1' }] });
    expect([badLines.status, Object.keys(badLines.body.fields)]).toEqual([400, ['lines[0].quantity']]);
    const unknownProduct = await record(kumar, { ...receipt, lines: [{ productId: UNKNOWN_ID, orderLineNo: 1, quantity: '1' }] });
    expect([unknownProduct.status, unknownProduct.body.fields]).toEqual([
      400,
      { 'lines[0].productId': ['not a product of the catalogue'] },
    ]);

    const recorded = await record(kumar, receipt);
    expect([recorded.status, recorded.body.status, recorded.body.movementNo]).toEqual([201, 'pending', 'STK-0001']);
    receiptId = recorded.body.id;
    // The order's lines are spoken for by this receipt.
    const again = await record(kumar, { ...receipt, lines: [{ productId: product.cement, orderLineNo: 1, quantity: '1' }] });
    expect([again.status, again.body.errorCode]).toEqual([422, 'stockAboveRemaining']);
    const notVerifier = await act(kumar, receiptId, 'Confirm');
    expect([notVerifier.status, notVerifier.body.errorCode]).toEqual([403, 'noAuthority']);
    const tooSoon = await act(kumar, receiptId, 'Receive');
    expect([tooSoon.status, tooSoon.body.errorCode]).toEqual([409, 'wrongStatus']);
    // Recorded: those who may confirm it are told (not its recorder); confirmed: those who may receive it.
    expect(await noticesOf(receiptId)).toContain('lim@teguhbina.my inventory/stockReceive Create');
    expect((await noticesOf(receiptId)).filter((line) => line.startsWith('kumar@'))).toEqual([]);
    expect((await act(lim, receiptId, 'Confirm')).body.status).toBe('confirmed');
    expect(await noticesOf(receiptId)).toContain('kumar@teguhbina.my inventory/stockReceive Confirm');
    expect((await noticesOf(receiptId)).filter((line) => line.startsWith('lim@') && line.endsWith('Confirm'))).toEqual([]);
    expect(await onHand()).toEqual([]);
    const tooMuch = await act(kumar, receiptId, 'Receive', { lines: [{ lineNo: 1, quantity: '11' }] });
    expect([tooMuch.status, tooMuch.body.errorCode]).toEqual([422, 'stockAboveRemaining']);
    const part = await act(kumar, receiptId, 'Receive', { lines: [{ lineNo: 1, quantity: '4' }] });
    expect([part.status, part.body.status]).toEqual([200, 'partial']);
    expect(await onHand()).toEqual(['INV-CEM@Main store, Block A=4.000']);
    // The next day the rest arrives.
    running.clock.advance(24 * 3600_000);
    [aminah, kumar, lim, mei] = await Promise.all([
      running.signIn('aminah@teguhbina.my', TEGUH),
      running.signIn('kumar@teguhbina.my', TEGUH),
      running.signIn('lim@teguhbina.my', TEGUH),
      running.signIn('mei@mutiarasupplies.my', MUTIARA),
    ]);
    const rest = await act(kumar, receiptId, 'Receive');
    expect([rest.status, rest.body.status]).toEqual([200, 'fully']);
    expect(await onHand()).toEqual(['INV-CEM@Main store, Block A=10.000', 'INV-Y16@Main store, Block A=5.000']);
    const inUse = await call('delete', `${LOCATIONS}/${location.store}`, { token: kumar });
    expect([inUse.status, inUse.body.errorCode, inUse.body.errorMessage]).toEqual([
      409,
      'siteLocationInUse',
      'Site location in use and cannot be deleted.',
    ]);
  });

  it('a transfer takes stock out at one location when confirmed and puts it in at the other when received; nothing goes below zero', async () => {
    const transfer = await record(kumar, {
      kind: 'transfer',
      fromLocationId: location.store,
      toLocationId: location.yard,
      lines: [{ productId: product.cement, quantity: '6' }],
    });
    expect(transfer.status).toBe(201);
    transferId = transfer.body.id;
    expect((await act(lim, transferId, 'Confirm')).body.status).toBe('confirmed');
    expect(await onHand()).toEqual(['INV-CEM@Main store, Block A=4.000', 'INV-Y16@Main store, Block A=5.000']);
    expect((await act(kumar, transferId, 'Receive')).body.status).toBe('fully');
    expect(await onHand()).toEqual(['INV-CEM@Main store, Block A=4.000', 'INV-CEM@Rebar yard=6.000', 'INV-Y16@Main store, Block A=5.000']);
    const same = await record(kumar, {
      kind: 'transfer',
      fromLocationId: location.yard,
      toLocationId: location.yard,
      lines: [{ productId: product.cement, quantity: '1' }],
    });
    expect([same.status, same.body.fields]).toEqual([400, { toLocationId: ['not the location it leaves'] }]);
    const overdrawn = await record(kumar, {
      kind: 'utilisation',
      fromLocationId: location.store,
      lines: [{ productId: product.cement, quantity: '4.001' }],
    });
    expect([overdrawn.status, overdrawn.body.errorCode, overdrawn.body.onHand]).toEqual([422, 'stockBelowZero', '4.000']);
    // Two movements each within the stock, together beyond it: the second is refused when confirmed.
    const first = await record(kumar, {
      kind: 'utilisation',
      fromLocationId: location.store,
      reason: 'Blockwork, level 2',
      lines: [{ productId: product.cement, quantity: '3' }],
    });
    const second = await record(kumar, {
      kind: 'utilisation',
      fromLocationId: location.store,
      lines: [{ productId: product.cement, quantity: '3' }],
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await act(lim, first.body.id, 'Confirm')).body.status).toBe('confirmed');
    const late = await act(lim, second.body.id, 'Confirm');
    expect([late.status, late.body.errorCode]).toEqual([422, 'stockBelowZero']);
    const noRemark = await act(kumar, second.body.id, 'Cancel');
    expect([noRemark.status, noRemark.body.errorCode]).toEqual([422, 'remarkRequired']);
    expect((await act(kumar, second.body.id, 'Cancel', { remark: 'Not needed' })).body.status).toBe('cancelled');
    // A confirmed use cancelled puts the stock back.
    expect((await act(lim, first.body.id, 'Cancel', { remark: 'Recorded on the wrong project' })).body.status).toBe('cancelled');
    expect(await onHand()).toEqual(['INV-CEM@Main store, Block A=4.000', 'INV-CEM@Rebar yard=6.000', 'INV-Y16@Main store, Block A=5.000']);
  });

  it('an adjustment needs a reason and changes the count when confirmed; the on-hand as of the first day is what it was then', async () => {
    const noReason = await record(kumar, {
      kind: 'adjustment',
      locationId: location.yard,
      lines: [{ productId: product.cement, quantity: '-1' }],
    });
    expect([noReason.status, noReason.body.fields]).toEqual([400, { reason: ['required'] }]);
    const belowZero = await record(kumar, {
      kind: 'adjustment',
      locationId: location.yard,
      reason: 'Count',
      lines: [{ productId: product.cement, quantity: '-6.5' }],
    });
    expect([belowZero.status, belowZero.body.errorCode]).toEqual([422, 'stockBelowZero']);
    const adjusted = await record(kumar, {
      kind: 'adjustment',
      locationId: location.yard,
      reason: 'Stock count: one bag split',
      lines: [{ productId: product.cement, quantity: '-1' }],
    });
    expect(adjusted.status).toBe(201);
    expect((await act(lim, adjusted.body.id, 'Confirm')).body.status).toBe('confirmed');
    // A count entered twice is cancelled by whoever recorded it before anyone confirms it: nothing moves.
    const twice = await record(kumar, {
      kind: 'adjustment',
      locationId: location.yard,
      reason: 'Stock count: one bag split',
      lines: [{ productId: product.cement, quantity: '-1' }],
    });
    const cancelled = await act(kumar, twice.body.id, 'Cancel', { remark: 'Entered twice' });
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);
    expect(await onHand()).toEqual(['INV-CEM@Main store, Block A=4.000', 'INV-CEM@Rebar yard=5.000', 'INV-Y16@Main store, Block A=5.000']);
    expect(await onHand('?asOf=2026-03-02')).toEqual(['INV-CEM@Main store, Block A=4.000']);
    expect(await onHand('?asOf=2026-03-01')).toEqual([]);
    const filtered = await onHand(`?filter=${enc({ locationId: location.yard })}`);
    expect(filtered).toEqual(['INV-CEM@Rebar yard=5.000']);
    const bad = await call('get', `${base()}/on-hand?asOf=yesterday`, { token: kumar });
    expect([bad.status, bad.body.fields]).toEqual([400, { asOf: ['a date (YYYY-MM-DD) or an ISO date and time'] }]);
    // The read model's on-hand is the sum of the recorded entries.
    const [sum] = await running.sql.query<{ n: string }>(
      'SELECT count(*) AS n FROM stock_on_hand h WHERE h.project_id = $1 AND h.quantity <> (SELECT sum(delta) FROM stock_entries e WHERE e.project_id = h.project_id AND e.product_id = h.product_id AND e.location_id = h.location_id)',
      [projectId],
    );
    expect(Number(sum!.n)).toBe(0);
  });

  it('movements are listed newest first by keyset and filtered by kind; a movement shows its history with who, when and what it did', async () => {
    const page = await call('get', `${base()}/movements?limit=2`, { token: lim });
    expect(page.body.items.map((m: { movementNo: string }) => m.movementNo)).toEqual(['STK-0006', 'STK-0005']);
    const next = await call('get', `${base()}/movements?limit=10&after=${page.body.next}`, { token: lim });
    expect(next.body.items.map((m: { movementNo: string }) => m.movementNo)).toEqual(['STK-0004', 'STK-0003', 'STK-0002', 'STK-0001']);
    const transfers = await call('get', `${base()}/movements?filter=${enc({ kind: 'transfer' })}`, { token: lim });
    expect(transfers.body.items.map((m: { id: string; status: string }) => [m.id, m.status])).toEqual([[transferId, 'fully']]);
    expect((await call('get', `${base()}/movements?filter=${enc({ colour: 'red' })}`, { token: lim })).status).toBe(400);
    const receipt = await call('get', `${base()}/movements/${receiptId}`, { token: kumar });
    expect(receipt.body).toMatchObject({
      kind: 'receive',
      status: 'fully',
      deliveryOrderId: orderId,
      toLocationName: 'Main store, Block A',
    });
    expect(receipt.body.lines).toEqual([
      expect.objectContaining({ productCode: 'INV-CEM', quantity: '10.000', received: '10.000', unit: 'bag' }),
      expect.objectContaining({ productCode: 'INV-Y16', quantity: '5.000', received: '5.000' }),
    ]);
    expect(receipt.body.history.map((h: { event: string; by: string }) => [h.event, h.by])).toEqual([
      ['Create', 'Kumar a/l Rajan'],
      ['Confirm', 'Lim Wei Ling'],
      ['Receive_Part', 'Kumar a/l Rajan'],
      ['Receive_All', 'Kumar a/l Rajan'],
    ]);
    expect(receipt.body.history[3].entries).toEqual([
      { productId: product.cement, locationId: location.store, delta: '6.000' },
      { productId: product.rebar, locationId: location.store, delta: '5.000' },
    ]);
  });

  it("another company sees neither the project's stock nor its movements", async () => {
    for (const path of [`${base()}/on-hand`, `${base()}/movements`, `${base()}/movements/${receiptId}`]) {
      const reply = await call('get', path, { token: mei });
      expect([reply.status, reply.body.errorCode]).toEqual([404, 'projectNotFound']);
    }
    const theirs = await call('post', `${base()}/movements`, { token: mei, body: { kind: 'utilisation' } });
    expect([theirs.status, theirs.body.errorCode]).toEqual([404, 'projectNotFound']);
    expect((await call('get', `${base()}/movements/${UNKNOWN_ID}`, { token: kumar })).body.errorCode).toBe('stockMovementNotFound');
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
