// The business rules of signed-in-area.md §5.3 on the kinds' own fields, over the API: each rule's refusal
// (status and error code) and one accepted case; the tender's closing-soon warning; the fees the server
// computes (transaction fee on awards and certificates, the trade certificate's valuation); vendor numbers
// unique per company and kind, also when two creates race.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { MUTIARA, purchaseOrderBody, SERI, TEGUH, tenderBody, type Reply, type Running } from './harness.js';

const DOCS = '/api/documents';
const MINUTE = 60_000;

export function businessRules(running: () => Running): void {
  describe('business rules of the kinds (spec §5.3)', () => {
    let kumar: string, lim: string, aminah: string, ahmad: string;
    const api = () => running().api;
    const at = (minutes: number) => new Date(running().clock.now.getTime() + minutes * MINUTE).toISOString();
    const create = (resource: string, token: string, body: unknown) => api().call('post', `${DOCS}/${resource}`, { token, body });
    const act = (resource: string, token: string, id: string, event: string, revision: number, body: Record<string, unknown> = {}) =>
      api().call('post', `${DOCS}/${resource}/${id}/actions/${event}`, { token, body, headers: { 'If-Match': String(revision) } });
    const refusal = (reply: Reply) => [reply.status, reply.body.errorCode];

    beforeAll(async () => {
      kumar = await running().signIn('kumar@teguhbina.my', TEGUH);
      lim = await running().signIn('lim@teguhbina.my', TEGUH);
      aminah = await running().signIn('aminah@teguhbina.my', TEGUH);
      ahmad = await running().signIn('ahmad@mutiarasupplies.my', MUTIARA);
      // The demo gives Kumar no level on milestone claims and service orders: his administrator does here.
      const [row] = await running().sql.query<{ user_id: string }>('SELECT user_id FROM identity_users WHERE email = $1', [
        'kumar@teguhbina.my',
      ]);
      for (const code of ['milestoneClaim', 'serviceOrder']) {
        const given = await api().call('post', '/api/company-workflow/assignments', {
          token: aminah,
          body: { code, user_id: row!.user_id, workflow_level: 10 },
        });
        expect(given.status).toBe(200);
      }
    });

    describe('tenders', () => {
      it('open and close times at least 5 minutes ahead (422 dateTimeNotAhead), on create and on edit', async () => {
        expect(refusal(await create('tender', kumar, tenderBody(running().clock.now, { openAt: at(4) })))).toEqual([
          422,
          'dateTimeNotAhead',
        ]);
        const accepted = await create('tender', kumar, tenderBody(running().clock.now, { openAt: at(5) }));
        expect(accepted.status).toBe(201);
        expect(accepted.body).toMatchObject({ openAt: at(5), warnings: [] });
        const edited = await api().call('put', `${DOCS}/tender/${accepted.body.id}`, {
          token: kumar,
          body: { closeAt: at(3) },
          headers: { 'If-Match': '1' },
        });
        expect(refusal(edited)).toEqual([422, 'dateTimeNotAhead']);
      });

      it('close after open (422 closeNotAfterOpen), before the expected delivery start (422 tenderClosesAfterDeliveryStart)', async () => {
        const now = running().clock.now;
        expect(refusal(await create('tender', kumar, tenderBody(now, { openAt: at(60), closeAt: at(60) })))).toEqual([
          422,
          'closeNotAfterOpen',
        ]);
        // The clock stands at 2026-03-02 09:00 in Malaysia: delivery from 2026-03-04 starts at 2026-03-03T16:00Z.
        const startsOn = '2026-03-04';
        const lateClose = await create(
          'tender',
          kumar,
          tenderBody(now, { closeAt: '2026-03-03T16:00:00.000Z', expectedDeliveryStart: startsOn }),
        );
        expect(refusal(lateClose)).toEqual([422, 'tenderClosesAfterDeliveryStart']);
        const inTime = await create(
          'tender',
          kumar,
          tenderBody(now, { closeAt: '2026-03-03T15:59:00.000Z', expectedDeliveryStart: startsOn, expectedDeliveryEnd: startsOn }),
        );
        expect(inTime.status).toBe(201);
      });

      it('minimum amount not above the maximum (422 minimumAboveMaximum); equal is accepted', async () => {
        const now = running().clock.now;
        expect(refusal(await create('tender', kumar, tenderBody(now, { minimumAmount: '500000.01', maximumAmount: '500000.00' })))).toEqual(
          [422, 'minimumAboveMaximum'],
        );
        const equal = await create('tender', kumar, tenderBody(now, { minimumAmount: '500000', maximumAmount: '500000' }));
        expect([equal.status, equal.body.minimumAmount, equal.body.maximumAmount]).toEqual([201, '500000.00', '500000.00']);
      });

      it('asking for activation needs an item (itemRequired) and both times (tenderTimesRequired); with them it goes', async () => {
        const now = running().clock.now;
        const noTimes = await create('tender', kumar, tenderBody(now, { openAt: null, closeAt: null }));
        expect(noTimes.status).toBe(201);
        expect(refusal(await act('tender', kumar, noTimes.body.id, 'Request_Approve', 1))).toEqual([422, 'tenderTimesRequired']);
        const noItems = await create('tender', kumar, tenderBody(now, { items: [] }));
        expect(refusal(await act('tender', kumar, noItems.body.id, 'Request_Approve', 1))).toEqual([422, 'itemRequired']);
        const ready = await create('tender', kumar, tenderBody(now));
        const requested = await act('tender', kumar, ready.body.id, 'Request_Approve', 1);
        expect([requested.status, requested.body.status]).toEqual([200, 'pendingActivation']);
      });

      it('a tender closing within 30 minutes of creation is accepted with a warning (tenderClosesSoon)', async () => {
        const soon = await create('tender', kumar, tenderBody(running().clock.now, { openAt: at(5), closeAt: at(29) }));
        expect(soon.status).toBe(201);
        expect(soon.body.warnings).toEqual([expect.objectContaining({ code: 'tenderClosesSoon', field: 'closeAt' })]);
        const read = await api().call('get', `${DOCS}/tender/${soon.body.id}`, { token: kumar });
        expect(read.body.warnings.map((w: { code: string }) => w.code)).toEqual(['tenderClosesSoon']);
        const later = await create('tender', kumar, tenderBody(running().clock.now, { openAt: at(5), closeAt: at(30) }));
        expect(later.body.warnings).toEqual([]);
      });

      it('a field of another kind is 400 (openAt on a purchase order)', async () => {
        const reply = await create('purchaseOrder', kumar, purchaseOrderBody({ openAt: at(60) }));
        expect([reply.status, reply.body.errorCode, Object.keys(reply.body.fields)]).toEqual([400, 'validationFailed', ['openAt']]);
      });
    });

    describe('delivery and service orders', () => {
      let orderId = '';
      const line = (quantity: string, deliveredQuantity: string, extra: Record<string, unknown> = {}) => ({
        description: 'Concrete G30',
        unit: 'm3',
        quantity,
        rate: '110.00',
        deliveredQuantity,
        ...extra,
      });
      const deliveryOrder = (items: unknown[], extra: Record<string, unknown> = {}) => ({
        title: 'Delivery of concrete G30',
        counterpartyCompanyId: TEGUH,
        items,
        ...extra,
      });

      beforeAll(async () => {
        // Teguh's order to Mutiara (line 1: 10.5 m3, line 2: 1 day), approved so Mutiara sees it.
        const order = await create('purchaseOrder', kumar, purchaseOrderBody());
        orderId = order.body.id;
        expect((await act('purchaseOrder', kumar, orderId, 'Request_Approve', 1)).status).toBe(200);
        expect((await act('purchaseOrder', lim, orderId, 'Approve', 2)).body.status).toBe('pendingConfirmation');
      });

      it("delivered quantities not above the order's remaining quantity (422 quantityAboveRemaining); a cancelled delivery gives its quantity back", async () => {
        const first = await create(
          'deliveryOrder',
          ahmad,
          deliveryOrder([line('10.5', '6', { orderLineNo: 1 })], { sourceDocumentId: orderId }),
        );
        expect([first.status, first.body.items[0].deliveredQuantity]).toEqual([201, '6.000']);
        const tooMuch = await create('deliveryOrder', ahmad, deliveryOrder([line('10.5', '4.501')], { sourceDocumentId: orderId }));
        expect(refusal(tooMuch)).toEqual([422, 'quantityAboveRemaining']);
        const rest = await create('deliveryOrder', ahmad, deliveryOrder([line('10.5', '4.5')], { sourceDocumentId: orderId }));
        expect(rest.status).toBe(201);
        expect(
          refusal(await create('deliveryOrder', ahmad, deliveryOrder([line('10.5', '0.001')], { sourceDocumentId: orderId }))),
        ).toEqual([422, 'quantityAboveRemaining']);
        expect((await act('deliveryOrder', ahmad, first.body.id, 'Cancel', 1, { remark: 'Truck broke down; re-issued' })).body.status).toBe(
          'cancelled',
        );
        expect((await create('deliveryOrder', ahmad, deliveryOrder([line('10.5', '6')], { sourceDocumentId: orderId }))).status).toBe(201);
      });

      it("without a source order, not above the line's own quantity; an unknown source or order line is 422", async () => {
        expect(refusal(await create('deliveryOrder', ahmad, deliveryOrder([line('2', '2.001')])))).toEqual([422, 'quantityAboveRemaining']);
        expect((await create('deliveryOrder', ahmad, deliveryOrder([line('2', '2')]))).status).toBe(201);
        const stranger = await create(
          'deliveryOrder',
          ahmad,
          deliveryOrder([line('1', '1')], { sourceDocumentId: '6f1c2c39-5f7e-4a51-9d1e-6f5a0f0e1a11' }),
        );
        expect(refusal(stranger)).toEqual([422, 'unknownSourceDocument']);
        const noLine = await create(
          'deliveryOrder',
          ahmad,
          deliveryOrder([line('1', '1', { orderLineNo: 3 })], { sourceDocumentId: orderId }),
        );
        expect(refusal(noLine)).toEqual([422, 'unknownOrderLine']);
      });

      it('a delivery order needs a delivery quantity before approval (422 deliveryQuantityRequired); a service order a service quantity', async () => {
        const nothing = await create('deliveryOrder', ahmad, deliveryOrder([line('2', '0')]));
        expect(refusal(await act('deliveryOrder', ahmad, nothing.body.id, 'Request_Approve', 1))).toEqual([
          422,
          'deliveryQuantityRequired',
        ]);
        const some = await create('deliveryOrder', ahmad, deliveryOrder([line('2', '0'), line('1', '0.5')]));
        expect((await act('deliveryOrder', ahmad, some.body.id, 'Request_Approve', 1)).body.status).toBe('pendingApproval');
        const service = (served: string) => ({
          title: 'Crane service',
          counterpartyCompanyId: MUTIARA,
          items: [{ description: 'Crane 50 t', unit: 'hour', quantity: '8', rate: '350.00', deliveredQuantity: served }],
        });
        const unserved = await create('serviceOrder', kumar, service('0'));
        expect(refusal(await act('serviceOrder', kumar, unserved.body.id, 'Request_Approve', 1))).toEqual([422, 'serviceQuantityRequired']);
        const served = await create('serviceOrder', kumar, service('8'));
        expect((await act('serviceOrder', kumar, served.body.id, 'Request_Approve', 1)).body.status).toBe('pendingApproval');
      });

      it('vendor numbers unique per company and kind (422 vendorDocumentNoTaken), free again once the holder is cancelled', async () => {
        const first = await create('deliveryOrder', ahmad, deliveryOrder([line('1', '1')], { vendorDocumentNo: 'MS-DO-777' }));
        expect([first.status, first.body.vendorDocumentNo]).toEqual([201, 'MS-DO-777']);
        const again = await create('deliveryOrder', ahmad, deliveryOrder([line('1', '1')], { vendorDocumentNo: ' ms-do-777 ' }));
        expect(refusal(again)).toEqual([422, 'vendorDocumentNoTaken']);
        const other = await create('deliveryOrder', ahmad, deliveryOrder([line('1', '1')], { vendorDocumentNo: 'MS-DO-778' }));
        const renumbered = await api().call('put', `${DOCS}/deliveryOrder/${other.body.id}`, {
          token: ahmad,
          body: { vendorDocumentNo: 'MS-DO-777' },
          headers: { 'If-Match': '1' },
        });
        expect(refusal(renumbered)).toEqual([422, 'vendorDocumentNoTaken']);
        // Another kind, another number space: an invoice may carry the same number.
        const invoice = await create('invoice', ahmad, {
          title: 'Invoice',
          counterpartyCompanyId: TEGUH,
          items: [{ description: 'Concrete', unit: 'm3', quantity: '1', rate: '110.00' }],
          vendorDocumentNo: 'MS-DO-777',
        });
        expect(invoice.status).toBe(201);
        expect(
          refusal(await create('invoice', ahmad, { title: 'Invoice again', counterpartyCompanyId: TEGUH, vendorDocumentNo: 'ms-do-777' })),
        ).toEqual([422, 'vendorDocumentNoTaken']);
        expect((await act('deliveryOrder', ahmad, first.body.id, 'Cancel', 1, { remark: 'Issued in error' })).body.status).toBe(
          'cancelled',
        );
        const reused = await create('deliveryOrder', ahmad, deliveryOrder([line('1', '1')], { vendorDocumentNo: 'MS-DO-777' }));
        expect(reused.status).toBe(201);
      });

      it('two creates racing for one service order number: exactly one wins', async () => {
        const body = {
          title: 'Scaffolding',
          counterpartyCompanyId: MUTIARA,
          vendorDocumentNo: 'SO-RACE-1',
          items: [{ description: 'Scaffold', unit: 'lot', quantity: '1', rate: '900.00', deliveredQuantity: '1' }],
        };
        const replies = await Promise.all([
          create('serviceOrder', kumar, body),
          create('serviceOrder', kumar, body),
          create('serviceOrder', kumar, body),
        ]);
        expect(replies.map((r) => r.status).sort()).toEqual([201, 422, 422]);
        expect(replies.filter((r) => r.status === 422).map((r) => r.body.errorCode)).toEqual([
          'vendorDocumentNoTaken',
          'vendorDocumentNoTaken',
        ]);
      });
    });

    describe('claims', () => {
      let orderId = '';
      const progressive = (claimPercentage: string, extra: Record<string, unknown> = {}) => ({
        title: 'Progress claim',
        counterpartyCompanyId: SERI,
        claimPercentage,
        items: [{ description: 'Substructure', unit: 'lot', quantity: '1', rate: '1000.00' }],
        ...extra,
      });

      beforeAll(async () => {
        orderId = (await create('purchaseOrder', kumar, purchaseOrderBody())).body.id;
      });

      it('a percentage not above 100 (percentageAbove100) and not negative (percentageNegative)', async () => {
        expect(refusal(await create('progressiveClaim', kumar, progressive('100.01')))).toEqual([422, 'percentageAbove100']);
        expect(refusal(await create('progressiveClaim', kumar, progressive('-5')))).toEqual([422, 'percentageNegative']);
        const full = await create('progressiveClaim', kumar, progressive('100'));
        expect([full.status, full.body.claimPercentage]).toEqual([201, '100.00']);
      });

      it('claims on one order not above what remains of 100% (422 percentageAboveRemaining)', async () => {
        expect((await create('progressiveClaim', kumar, progressive('60', { sourceDocumentId: orderId }))).status).toBe(201);
        expect(refusal(await create('progressiveClaim', kumar, progressive('40.01', { sourceDocumentId: orderId })))).toEqual([
          422,
          'percentageAboveRemaining',
        ]);
        expect((await create('progressiveClaim', kumar, progressive('40', { sourceDocumentId: orderId }))).status).toBe(201);
      });

      it('a milestone claim totals its claim items; with claim items it cannot be cancelled (422 claimItemsPreventCancel)', async () => {
        const claimItems = [
          { description: 'Piling complete', percentage: '15', expectedCompletionDate: '2026-04-30', claimAmount: '15000.00' },
          { description: 'Pile caps complete', percentage: '10', claimAmount: '10000.50' },
        ];
        const withItems = await create('milestoneClaim', kumar, { title: 'Milestone claim 1', counterpartyCompanyId: SERI, claimItems });
        expect(withItems.status).toBe(201);
        expect(withItems.body.totals).toEqual({ subtotal: '25000.50', sst: '0.00', total: '25000.50' });
        expect(withItems.body.claimItems[0]).toEqual({
          itemNo: 1,
          description: 'Piling complete',
          percentage: '15.00',
          expectedCompletionDate: '2026-04-30',
          claimAmount: '15000.00',
        });
        expect(refusal(await act('milestoneClaim', kumar, withItems.body.id, 'Cancel', 1, { remark: 'Wrong project' }))).toEqual([
          422,
          'claimItemsPreventCancel',
        ]);
        expect(
          refusal(
            await create('milestoneClaim', kumar, {
              title: 'Too much',
              counterpartyCompanyId: SERI,
              claimItems: [{ ...claimItems[0], percentage: '100.5' }],
            }),
          ),
        ).toEqual([422, 'percentageAbove100']);
        const emptied = await api().call('put', `${DOCS}/milestoneClaim/${withItems.body.id}`, {
          token: kumar,
          body: { claimItems: [] },
          headers: { 'If-Match': '1' },
        });
        expect(emptied.status).toBe(200);
        expect((await act('milestoneClaim', kumar, withItems.body.id, 'Cancel', 2, { remark: 'Wrong project' })).body.status).toBe(
          'cancelled',
        );
      });
    });

    describe('fees computed on the server', () => {
      it('a trade payment certificate: 75% of unfixed goods, retention, SST, and 1.5% on the amount due', async () => {
        const certificate = await create('paymentCertificate', kumar, {
          title: 'Trade payment certificate no. 4',
          invoiceNo: 'KJ-INV-0042',
          sstApplicable: true,
          contractSum: '100000.00',
          workDoneAmount: '25000.00',
          unfixedGoodsAmount: '4000.00',
          previousCertifiedAmount: '10000.00',
        });
        expect(certificate.status).toBe(201);
        // Unfixed 4,000 x 75% = 3,000; gross 28,000; retention 10% = 2,800 (limit 5% of 100,000 = 5,000);
        // net 25,200; less 10,000 certified before = 15,200 due; SST 6% = 912; payable 16,112; fee 1.5% of 15,200 = 228.
        expect(certificate.body.fees).toEqual({
          transactionFee: { percent: '1.50', base: '15200.00', amount: '228.00' },
          tradeCertificate: {
            contractSum: '100000.00',
            workDone: '25000.00',
            unfixedGoods: '4000.00',
            unfixedGoodsPercent: '75.00',
            unfixedGoodsAllowed: '3000.00',
            grossValuation: '28000.00',
            retentionPercent: '10.00',
            retentionLimitPercent: '5.00',
            retentionLimit: '5000.00',
            retention: '2800.00',
            netValuation: '25200.00',
            previousCertified: '10000.00',
            amountDue: '15200.00',
            sst: '912.00',
            totalPayable: '16112.00',
          },
        });
        expect(certificate.body.totals).toEqual({ subtotal: '15200.00', sst: '912.00', total: '16112.00' });
        expect(refusal(await act('paymentCertificate', kumar, certificate.body.id, 'Request_Approve', 1, { amount: '15200.00' }))).toEqual([
          422,
          'amountMismatch',
        ]);
        const requested = await act('paymentCertificate', kumar, certificate.body.id, 'Request_Approve', 1);
        expect(requested.body.status).toBe('pendingApproval');
        const read = await api().call('get', `${DOCS}/paymentCertificate/${certificate.body.id}`, { token: kumar });
        expect(read.body.approvalRoute.reason.amount).toBe('16112.00');
      });

      it('certified before may not exceed the valuation (422 previousCertifiedAboveValuation); retention not above 100%', async () => {
        const over = await create('paymentCertificate', kumar, {
          title: 'PC',
          workDoneAmount: '1000.00',
          previousCertifiedAmount: '900.01',
        });
        expect(refusal(over)).toEqual([422, 'previousCertifiedAboveValuation']);
        expect(
          refusal(await create('paymentCertificate', kumar, { title: 'PC', workDoneAmount: '1000.00', retentionPercent: '101' })),
        ).toEqual([422, 'percentageAbove100']);
        const exact = await create('paymentCertificate', kumar, {
          title: 'PC',
          workDoneAmount: '1000.00',
          previousCertifiedAmount: '900.00',
        });
        expect([exact.status, exact.body.totals.total]).toEqual([201, '0.00']);
      });

      it('one amount: a certificate by amount alone shows RM 0.00, so it may not ask for approval on a figure from elsewhere; with its valuation it routes and pays on what it shows', async () => {
        const certificate = await create('paymentCertificate', kumar, { title: 'Payment certificate by amount' });
        expect(certificate.body.fees).toEqual({ transactionFee: null, tradeCertificate: null });
        expect(certificate.body.totals.total).toBe('0.00');
        // No page is asked for an amount: the document supplies it.
        expect(certificate.body.availableActions.flatMap((a: { requiredFields: string[] }) => a.requiredFields)).not.toContain('amount');
        expect(refusal(await act('paymentCertificate', kumar, certificate.body.id, 'Request_Approve', 1, { amount: '3333.33' }))).toEqual([
          422,
          'amountMismatch',
        ]);
        const bare = await act('paymentCertificate', kumar, certificate.body.id, 'Request_Approve', 1);
        expect([refusal(bare), bare.body.fields]).toEqual([[422, 'workDoneRequired'], { workDoneAmount: ['workDoneRequired'] }]);
        const valued = await api().call('put', `${DOCS}/paymentCertificate/${certificate.body.id}`, {
          token: kumar,
          body: { workDoneAmount: '3703.70' },
          headers: { 'If-Match': '1' },
        });
        // 3,703.70 less 10% retention (370.37) = 3,333.33 due and shown; 1.5% of it = 50.00 (49.99995 rounded).
        expect(valued.body.totals).toEqual({ subtotal: '3333.33', sst: '0.00', total: '3333.33' });
        expect((await act('paymentCertificate', kumar, certificate.body.id, 'Request_Approve', 2)).body.status).toBe('pendingApproval');
        const read = await api().call('get', `${DOCS}/paymentCertificate/${certificate.body.id}`, { token: kumar });
        expect(read.body.approvalRoute.reason.amount).toBe('3333.33');
        expect(read.body.fees.transactionFee).toEqual({ percent: '1.50', base: '3333.33', amount: '50.00' });
      });

      it('an award: an order drawn from a tender pays 1.5% of its value before SST; a plain order none', async () => {
        const tender = await create('tender', kumar, tenderBody(running().clock.now));
        const award = await create('purchaseOrder', kumar, purchaseOrderBody({ sourceDocumentId: tender.body.id }));
        expect(award.status).toBe(201);
        // Subtotal 1,234.50 (SST 74.07 not charged): 18.5175 -> 18.52.
        expect(award.body.fees.transactionFee).toEqual({ percent: '1.50', base: '1234.50', amount: '18.52' });
        const plain = await create('purchaseOrder', kumar, purchaseOrderBody());
        expect(plain.body.fees.transactionFee).toBeNull();
        const letter = await create('letterOfAward', kumar, {
          title: 'Letter of award: piling',
          counterpartyCompanyId: 'kukuh-jaya',
          items: [{ description: 'Piling works', unit: 'lot', quantity: '1', rate: '250000.00' }],
        });
        expect(letter.body.fees.transactionFee).toEqual({ percent: '1.50', base: '250000.00', amount: '3750.00' });
        const wrongKind = await create('purchaseOrder', kumar, purchaseOrderBody({ sourceDocumentId: plain.body.id }));
        expect(refusal(wrongKind)).toEqual([422, 'unknownSourceDocument']);
      });
    });
  });
}
