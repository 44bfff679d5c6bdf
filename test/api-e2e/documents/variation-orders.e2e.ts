// Variation orders (spec §2.5) and instructions (§2.6 /instruction, /receivedInstruction): Teguh Bina (kumar
// drafts, lim approves) awards a purchase order to Mutiara Supplies (mei confirms). A variation order on it
// goes through approval by amount and is issued to Mutiara; once issued, the contract sum its claims read is
// the original plus the variation (a read model, equal after a rebuild). Refused: a variation of a contract
// not awarded, an omission below zero or below what is certified, bad fields, one by the contractor. An
// instruction goes pending -> pendingAcceptance -> accepted -> submitted and is linked by a variation order.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SqlEventStore } from '@binaan/event-store';
import {
  FEATURE_STORES,
  MUTIARA,
  itAnsweredEveryCallWithoutAServerError,
  purchaseOrderBody,
  startDocumentsApp,
  userIdOf,
  type Reply,
  type Running,
} from './harness.js';

const MINUTE = 60_000;
const VO = '/api/documents/variationOrder';
const INS = '/api/documents/instruction';

describe.each(FEATURE_STORES)('variation orders and instructions on %s', (kind) => {
  let running: Running | undefined;
  const r = () => running!;
  let kumar = '',
    lim = '',
    mei = '',
    ahmad = '';
  let awardedId = '',
    openId = '';

  const call = (method: 'get' | 'post' | 'put', path: string, token: string, body?: unknown, headers?: Record<string, string>) =>
    r().api.call(method, path, { token, body, headers });
  const refused = (reply: Reply, status: number, code: string) =>
    expect({ status: reply.status, code: reply.body.errorCode }).toEqual({ status, code });
  const act = async (token: string, base: string, id: string, event: string, revision: number, body: Record<string, unknown> = {}) => {
    r().clock.advance(MINUTE);
    return call('post', `${base}/${id}/actions/${event}`, token, body, { 'If-Match': String(revision) });
  };
  const voBody = (contractId: string, variationType: string, rate: string, extra: Record<string, unknown> = {}) => ({
    title: `Variation: ${variationType} ${rate}`,
    counterpartyCompanyId: MUTIARA,
    sourceDocumentId: contractId,
    variationType,
    items: [{ description: 'Additional slab thickening', unit: 'lot', quantity: '1', rate }],
    ...extra,
  });
  /** Drafts, asks for approval and approves (lim): issued. */
  const issue = async (body: Record<string, unknown>) => {
    const created = await call('post', VO, kumar, body);
    expect(created.status).toBe(201);
    expect((await act(kumar, VO, created.body.id, 'Request_Approve', 1)).body.status).toBe('pendingApproval');
    const approved = await act(lim, VO, created.body.id, 'Approve', 2);
    expect(approved.body).toMatchObject({ status: 'issued' });
    return created.body.id as string;
  };
  const contractOf = async (resource: string, id: string, token = kumar) =>
    (await call('get', `/api/documents/${resource}/${id}`, token)).body.contract;

  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    kumar = await r().signIn('kumar@teguhbina.my', 'teguh-bina');
    lim = await r().signIn('lim@teguhbina.my', 'teguh-bina');
    mei = await r().signIn('mei@mutiarasupplies.my', MUTIARA);
    ahmad = await r().signIn('ahmad@mutiarasupplies.my', MUTIARA);
    // Mutiara claims on its orders: ahmad drafts (10), mei approves (20), given by mei as its administrator.
    for (const [email, level] of [
      ['ahmad@mutiarasupplies.my', 10],
      ['mei@mutiarasupplies.my', 20],
    ] as const) {
      const body = { code: 'progressiveClaim', user_id: await userIdOf(r(), email), workflow_level: level };
      expect((await call('post', '/api/company-workflow/assignments', mei, body)).status).toBe(200);
    }
    // An awarded order (subtotal RM 1,234.50) and one still awaiting approval.
    const awarded = await call('post', '/api/documents/purchaseOrder', kumar, purchaseOrderBody({ title: 'Slab works, VO contract' }));
    awardedId = awarded.body.id;
    await act(kumar, '/api/documents/purchaseOrder', awardedId, 'Request_Approve', 1);
    await act(lim, '/api/documents/purchaseOrder', awardedId, 'Approve', 2);
    expect((await act(mei, '/api/documents/purchaseOrder', awardedId, 'Confirm', 3)).body.status).toBe('accepted');
    openId = (await call('post', '/api/documents/purchaseOrder', kumar, purchaseOrderBody({ title: 'Not yet awarded' }))).body.id;
  }, 180_000);
  afterAll(async () => running?.stop());
  itAnsweredEveryCallWithoutAServerError(() => running);

  it('refuses a variation of a contract not awarded, bad fields, and one drawn by the contractor; nothing is recorded', async () => {
    const before = (
      await r().sql.query<{ n: string | number }>("SELECT count(*) AS n FROM events WHERE stream_type = 'variationOrder'")
    )[0]!.n;
    refused(await call('post', VO, kumar, voBody(openId, 'addition', '500.00')), 422, 'contractNotAwarded');
    const bad = await call('post', VO, kumar, { ...voBody(awardedId, 'increase', '500.00') });
    refused(bad, 400, 'validationFailed');
    expect(Object.keys(bad.body.fields)).toEqual(['variationType']);
    const noType = await call('post', VO, kumar, voBody(awardedId, 'addition', '500.00', { variationType: undefined }));
    refused(noType, 400, 'validationFailed');
    expect(noType.body.fields).toHaveProperty('variationType');
    refused(
      await call('post', VO, kumar, voBody(awardedId, 'addition', '500.00', { sourceDocumentId: undefined })),
      400,
      'validationFailed',
    );
    refused(await call('post', VO, kumar, voBody(awardedId, 'addition', '500.00', { claimPercentage: '10' })), 400, 'validationFailed');
    refused(
      await call('post', VO, mei, voBody(awardedId, 'addition', '500.00', { counterpartyCompanyId: 'teguh-bina' })),
      422,
      'unknownSourceDocument',
    );
    refused(
      await call('post', VO, kumar, voBody(awardedId, 'addition', '500.00', { instructionId: '00000000-0000-4000-8000-000000000000' })),
      422,
      'unknownInstruction',
    );
    const after = (await r().sql.query<{ n: string | number }>("SELECT count(*) AS n FROM events WHERE stream_type = 'variationOrder'"))[0]!
      .n;
    expect(Number(after)).toBe(Number(before));
  });

  it('an issued addition raises the contract sum its claims read; the contractor sees and acknowledges it', async () => {
    expect(await contractOf('purchaseOrder', awardedId)).toMatchObject({
      originalSum: '1234.50',
      variationsSum: '0.00',
      adjustedSum: '1234.50',
    });
    const created = await call('post', VO, kumar, voBody(awardedId, 'addition', '765.50'));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'new', documentNo: expect.stringMatching(/^VO-/), variationType: 'addition' });
    // Not counted before it is approved and issued; the contractor does not see the draft.
    expect((await contractOf('purchaseOrder', awardedId)).adjustedSum).toBe('1234.50');
    expect((await call('get', `${VO}/${created.body.id}`, mei)).status).toBe(404);
    await act(kumar, VO, created.body.id, 'Request_Approve', 1);
    const route = (await call('get', `${VO}/${created.body.id}`, lim)).body.approvalRoute;
    expect(route).toMatchObject({ open: true, requiredLevels: [20], reason: { amount: '765.50' } });
    expect((await act(lim, VO, created.body.id, 'Approve', 2)).body.status).toBe('issued');
    expect(await contractOf('purchaseOrder', awardedId)).toMatchObject({
      variationsSum: '765.50',
      adjustedSum: '2000.00',
      variationCount: 1,
    });
    // The contractor reads it and acknowledges it; it cannot reject it.
    const seen = await call('get', `${VO}/${created.body.id}`, mei);
    expect(seen.body.availableActions.map((a: { event: string }) => a.event).sort()).toEqual(['Confirm', 'View']);
    expect((await act(mei, VO, created.body.id, 'Confirm', 3)).body.status).toBe('accepted');
    // A progressive claim on the contract reads the adjusted sum: 10% of RM 2,000.00.
    r().clock.advance(MINUTE);
    const claim = await call('post', '/api/documents/progressiveClaim', ahmad, {
      title: 'Claim 1 on the varied order',
      counterpartyCompanyId: 'teguh-bina',
      sourceDocumentId: awardedId,
      claimPercentage: '10',
      items: [{ description: '10% of the contract', unit: 'lot', quantity: '1', rate: '200.00' }],
    });
    expect(claim.status).toBe(201);
    expect(claim.body.contract).toMatchObject({ adjustedSum: '2000.00', claimValue: '200.00', contractNo: expect.stringMatching(/^PO-/) });
    // The history records who issued it and when.
    const history = await call('get', `${VO}/${created.body.id}/history`, kumar);
    expect(history.body.map((row: { action: string }) => row.action)).toEqual(
      expect.arrayContaining(['Create', 'Request_Approve', 'Approve', 'Confirm']),
    );
  });

  it('an omission may not take the sum below zero nor below what is certified; within them it lowers the sum', async () => {
    refused(await call('post', VO, kumar, voBody(awardedId, 'omission', '2000.01')), 422, 'variationBelowZero');
    // RM 300.00 certified: a progressive claim on the contract, approved at Mutiara (ahmad drafts, mei verifies).
    r().clock.advance(MINUTE);
    const claim = await call('post', '/api/documents/progressiveClaim', ahmad, {
      title: 'Certified claim',
      counterpartyCompanyId: 'teguh-bina',
      sourceDocumentId: awardedId,
      claimPercentage: '15',
      items: [{ description: 'Work done', unit: 'lot', quantity: '1', rate: '300.00' }],
    });
    expect(claim.status).toBe(201);
    expect((await act(ahmad, '/api/documents/progressiveClaim', claim.body.id, 'Request_Verify', 1)).body.status).toBe(
      'pendingVerification',
    );
    expect((await act(mei, '/api/documents/progressiveClaim', claim.body.id, 'Approve', 2)).body.status).toBe('approved');
    expect((await contractOf('purchaseOrder', awardedId)).certifiedSum).toBe('300.00');
    refused(await call('post', VO, kumar, voBody(awardedId, 'omission', '1700.01')), 422, 'variationBelowCertified');
    const omission = await issue(voBody(awardedId, 'omission', '500.00'));
    expect(await contractOf('variationOrder', omission)).toMatchObject({
      variationsSum: '265.50',
      adjustedSum: '1500.00',
      variationCount: 2,
    });
  });

  it('a payment certificate on the contract takes its sum as varied, and goes for approval only on the sum as it stands', async () => {
    const PC = '/api/documents/paymentCertificate';
    const adjusted = (await contractOf('purchaseOrder', awardedId)).adjustedSum as string;
    const body = { title: 'Trade certificate on the varied order', sourceDocumentId: awardedId, workDoneAmount: '400.00' };
    // A typed sum other than the contract's, a contract not awarded, another company's: refused, nothing recorded.
    refused(await call('post', PC, kumar, { ...body, contractSum: '99999.00' }), 422, 'contractSumFromContract');
    refused(await call('post', PC, kumar, { ...body, sourceDocumentId: openId }), 422, 'contractNotAwarded');
    refused(await call('post', PC, mei, { ...body, counterpartyCompanyId: 'teguh-bina' }), 422, 'unknownSourceDocument');
    refused(await call('post', PC, kumar, { ...body, counterpartyCompanyId: 'teguh-bina' }), 400, 'validationFailed');
    const certificate = await call('post', PC, kumar, body);
    expect(certificate.status).toBe(201);
    // Addressed to the contract's contractor; the retention limit is 5% of the adjusted sum.
    expect(certificate.body).toMatchObject({ counterpartyCompanyId: MUTIARA, contractSum: adjusted });
    expect(certificate.body.fees.tradeCertificate).toMatchObject({ contractSum: adjusted });
    expect(certificate.body.contract).toMatchObject({ adjustedSum: adjusted, contractId: awardedId });
    // A variation issued meanwhile: the certificate may not go for approval on the old sum until saved again.
    await issue(voBody(awardedId, 'addition', '100.00'));
    const raised = (await contractOf('purchaseOrder', awardedId)).adjustedSum as string;
    expect(raised).not.toBe(adjusted);
    refused(await act(kumar, PC, certificate.body.id, 'Request_Approve', 1), 409, 'contractSumChanged');
    // Saved again as a form does, sending back the sum it was shown: the recorded sum follows the contract.
    const saved = await call(
      'put',
      `${PC}/${certificate.body.id}`,
      kumar,
      { title: 'Trade certificate, saved again', contractSum: adjusted },
      { 'If-Match': '1' },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.contractSum).toBe(raised);
    expect((await act(kumar, PC, certificate.body.id, 'Request_Approve', 2)).body.status).toBe('pendingApproval');
  });

  it('an instruction goes to the sub-contractor, is accepted and submitted, and a variation order links it', async () => {
    const created = await call('post', INS, kumar, {
      title: 'Site instruction: thicken slab at grid C',
      counterpartyCompanyId: MUTIARA,
      sourceDocumentId: awardedId,
      items: [{ description: 'Thicken slab to 250 mm', unit: 'm2', quantity: '40', rate: '0', includeZeroRate: true }],
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('pending');
    refused(await act(kumar, INS, created.body.id, 'Issue', 1), 403, 'noAuthority');
    expect((await call('get', `${INS}/${created.body.id}`, mei)).status).toBe(404);
    expect((await act(lim, INS, created.body.id, 'Issue', 1)).body.status).toBe('pendingAcceptance');
    refused(await act(mei, INS, created.body.id, 'Submit', 2), 409, 'wrongStatus');
    expect((await act(mei, INS, created.body.id, 'Accept', 2)).body.status).toBe('accepted');
    expect((await act(mei, INS, created.body.id, 'Submit', 3)).body.status).toBe('submitted');
    const received = await call(
      'get',
      `${INS}?filter=${encodeURIComponent(JSON.stringify({ direction: 'received', status: 'submitted' }))}`,
      mei,
    );
    expect(received.body.map((row: { id: string }) => row.id)).toContain(created.body.id);
    const linked = await call('post', VO, kumar, voBody(awardedId, 'addition', '1200.00', { instructionId: created.body.id }));
    expect(linked.status).toBe(201);
    expect(linked.body.instructionId).toBe(created.body.id);
    // The instruction's comparison lists it for the issuer; the sub-contractor sees it only once issued.
    const compared = (await call('get', `${INS}/${created.body.id}`, kumar)).body.linkedVariations;
    expect(compared).toEqual([
      expect.objectContaining({ id: linked.body.id, status: 'new', variationType: 'addition', amount: '1200.00' }),
    ]);
    expect((await call('get', `${INS}/${created.body.id}`, mei)).body.linkedVariations).toEqual([]);
    // The summary counts what the reader sees and totals only the issued ones (none yet).
    expect((await call('get', `${INS}/${created.body.id}`, kumar)).body.linkedVariationsSummary).toEqual({
      count: 1,
      issuedCount: 0,
      issuedTotal: '0.00',
    });
    await act(kumar, VO, linked.body.id, 'Request_Approve', 1);
    expect((await act(lim, VO, linked.body.id, 'Approve', 2)).body.status).toBe('issued');
    expect((await call('get', `${INS}/${created.body.id}`, mei)).body.linkedVariationsSummary).toEqual({
      count: 1,
      issuedCount: 1,
      issuedTotal: '1200.00',
    });
  });

  it('a rebuild of the read models from the log gives the same contract sum and comparison', async () => {
    const before = await contractOf('purchaseOrder', awardedId);
    const instructions = await call('get', `${INS}?filter=${encodeURIComponent(JSON.stringify({ direction: 'sent' }))}`, kumar);
    const instructionId = (instructions.body as { id: string }[])[0]!.id;
    const compared = (await call('get', `${INS}/${instructionId}`, kumar)).body.linkedVariations;
    const store = r().store;
    if (!(store instanceof SqlEventStore)) throw new Error('rebuild needs a SQL store');
    await store.rebuild();
    expect(await contractOf('purchaseOrder', awardedId)).toEqual(before);
    expect((await call('get', `${INS}/${instructionId}`, kumar)).body.linkedVariations).toEqual(compared);
  });
});
