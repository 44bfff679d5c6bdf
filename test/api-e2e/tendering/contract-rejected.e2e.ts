// A letter of award ending without a contract moves the tender back to the award step, on PGlite
// and PostgreSQL. Teguh Bina's tender, Mutiara and Kukuh Jaya quote, the tender is closed. Round 1: the
// letter to Mutiara is rejected in its approval round -> the tender is draftContractRejected, recorded by the
// system with the letter's rejection as cause, the approver and the remark. Round 2: awarded to Mutiara
// again, the letter approved (contractAwarded), then rejected by Mutiara -> draftContractRejected. Round 3:
// awarded to Kukuh Jaya, the buyer voids the letter -> draftContractRejected. Then round 1's letter,
// resubmitted and approved, moves nothing (not the latest award's). No user may take the system's Reject.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ContractAwardReactor, CONTRACT_AWARD_ACTOR } from '../../../apps/api/src/tendering/award/contract-award.reactor.js';
import {
  itAnsweredEveryCallWithoutAServerError,
  MUTIARA,
  userIdOf,
  startDocumentsApp,
  FEATURE_STORES,
  TEGUH,
  tenderBody,
  type Reply,
  type Running,
  KUKUH,
} from '../documents/harness.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const BASE = '/api/tendering/tenders';
const ITEMS = [{ description: 'Excavation', unit: 'm3', quantity: '100', rate: '10.00' }];

describe.each(FEATURE_STORES)('a letter of award rejected or voided, the tender back to the award on %s', (kind) => {
  let running: Running | undefined;
  const r = () => running!;
  let kumar = '',
    lim = '',
    aminah = '',
    mei = '',
    wong = '';
  let tenderId = '';
  const letters: string[] = [];

  const call = (method: 'get' | 'post' | 'put', path: string, token: string, body?: unknown, headers?: Record<string, string>) =>
    r().api.call(method, path, { token, body, headers });
  const expectRefused = (reply: Reply, status: number, code: string) =>
    expect({ status: reply.status, code: reply.body.errorCode }).toEqual({ status, code });
  const tender = async () => (await call('get', `/api/documents/tender/${tenderId}`, kumar)).body as { status: string; revision: number };
  const actOnTender = async (token: string, event: string, body: Record<string, unknown> = {}) => {
    const reply = await call('post', `/api/documents/tender/${tenderId}/actions/${event}`, token, body, {
      'If-Match': String((await tender()).revision),
    });
    return reply;
  };
  /** One step on a letter: 200 expected; returns the letter's status after it. */
  const onLetter = async (letterId: string, token: string, event: string, body: Record<string, unknown> = {}) => {
    const revision = (await call('get', `/api/documents/letterOfAward/${letterId}`, kumar)).body.revision as number;
    const reply = await call('post', `/api/documents/letterOfAward/${letterId}/actions/${event}`, token, body, {
      'If-Match': String(revision),
    });
    expect({ event, status: reply.status, body: reply.status === 200 ? null : reply.body }).toEqual({ event, status: 200, body: null });
    return reply.body.status as string;
  };
  /** The letter's round: Request_Approve, then the approvers until it is sent to the seller. */
  const approveLetter = async (letterId: string, open = 'Request_Approve') => {
    await onLetter(letterId, kumar, open);
    let status = 'new';
    for (const approver of [lim, aminah]) if (status === 'new') status = await onLetter(letterId, approver, 'Approve');
    expect(status).toBe('pendingConfirmation');
  };
  const award = async (sellerCompanyId: string) => {
    const reply = await call('post', `${BASE}/${tenderId}/award`, kumar, { sellerCompanyId, orderKind: 'purchaseOrder' });
    expect({ status: reply.status, tender: reply.body.status }).toEqual({ status: 201, tender: 'draftContract' });
    letters.push(reply.body.letterOfAward.id);
    return reply.body.letterOfAward.id as string;
  };
  const settled = () => r().app.get(ContractAwardReactor).settled();
  const tenderEvents = async () => r().store.readStream(`tender-${tenderId}`);

  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    const signInAll = async () => {
      kumar = await r().signIn('kumar@teguhbina.my', TEGUH);
      lim = await r().signIn('lim@teguhbina.my', TEGUH);
      aminah = await r().signIn('aminah@teguhbina.my', TEGUH);
      mei = await r().signIn('mei@mutiarasupplies.my', MUTIARA);
      wong = await r().signIn('wong@kukuhcontractor.my', KUKUH);
    };
    await signInAll();
    const created = await call('post', '/api/documents/tender', kumar, tenderBody(r().clock.now, { items: ITEMS }));
    expect(created.status).toBe(201);
    tenderId = created.body.id;
    expect((await call('post', `${BASE}/${tenderId}/invitations`, kumar, { companyIds: [MUTIARA, KUKUH] })).status).toBe(201);
    expect((await actOnTender(kumar, 'Request_Approve')).status).toBe(200);
    expect((await actOnTender(lim, 'Approve')).body.status).toBe('active');
    r().clock.advance(11 * MINUTE);
    expect((await call('put', `${BASE}/${tenderId}/quotation`, mei, { items: [{ lineNo: 1, rate: '9.50' }] })).status).toBe(200);
    expect((await call('put', `${BASE}/${tenderId}/quotation`, wong, { items: [{ lineNo: 1, rate: '11.00' }] })).status).toBe(200);
    r().clock.advance(2 * DAY);
    await signInAll();
    expect((await actOnTender(kumar, 'Close')).body.status).toBe('comparison');
    // Rejecting a letter of award is the seller's level 20 on letterOfAward: Mei, Mutiara's administrator, takes it.
    const assigned = await call('post', '/api/company-workflow/assignments', mei, {
      code: 'letterOfAward',
      user_id: await userIdOf(r(), 'mei@mutiarasupplies.my'),
      workflow_level: 20,
    });
    expect(assigned.status).toBe(200);
  }, 300_000);
  afterAll(async () => running?.stop());

  it("no user may take the system's Reject on the tender: 403 systemOnly, nothing recorded", async () => {
    const first = await award(MUTIARA);
    expect(first).toBeTruthy();
    const before = (await tenderEvents()).length;
    expectRefused(await actOnTender(lim, 'Reject', { remark: 'by hand' }), 403, 'systemOnly');
    // Kumar has no approve right in tender management: refused before the machine is asked.
    expectRefused(await actOnTender(kumar, 'Reject', { remark: 'by hand' }), 403, 'noAccessRight');
    expect((await tenderEvents()).length).toBe(before);
  });

  it('round 1: the letter rejected in its approval round moves the tender to draftContractRejected, once, as the system with cause, approver and remark', async () => {
    const letterId = letters[0]!;
    await onLetter(letterId, kumar, 'Request_Approve');
    await settled();
    expect((await tender()).status).toBe('draftContract');
    expect(await onLetter(letterId, lim, 'Reject', { remark: 'Rates above the budget' })).toBe('rejected');
    await settled();
    expect((await tender()).status).toBe('draftContractRejected');
    const rejection = (await r().store.readStream(`letterOfAward-${letterId}`)).at(-1)!;
    const events = await tenderEvents();
    const moved = events.at(-1)!;
    const letterNo = (await call('get', `/api/documents/letterOfAward/${letterId}`, kumar)).body.documentNo as string;
    expect(moved.data).toMatchObject({
      workflowEvent: 'Reject',
      statusBefore: 'draftContract',
      statusAfter: 'draftContractRejected',
      actor: { userId: CONTRACT_AWARD_ACTOR, companyId: 'system' },
    });
    expect((moved.data as { remark: string }).remark).toBe(
      `Letter of award ${letterNo} rejected in its approval round by ${await userIdOf(r(), 'lim@teguhbina.my')} ("Rates above the budget"): no contract; the tender may be awarded again.`,
    );
    expect(moved.metadata).toMatchObject({
      actorUserId: CONTRACT_AWARD_ACTOR,
      actorCompanyId: TEGUH,
      causationId: rejection.id,
      letterOfAwardId: letterId,
      rejectedBy: await userIdOf(r(), 'lim@teguhbina.my'),
      letterAction: 'Reject',
    });
    expect(events.filter((e) => (e.data as { statusAfter?: string }).statusAfter === 'draftContractRejected')).toHaveLength(1);
    const history = await call('get', `/api/documents/tender/${tenderId}/history`, kumar);
    expect(history.body.at(-1)).toMatchObject({
      action: 'Reject',
      statusBefore: 'draftContract',
      statusAfter: 'draftContractRejected',
      remark: expect.stringContaining('rejected in its approval round'),
    });
  });

  it('round 2: awarded again, the letter approved (contractAwarded), then rejected by the seller -> draftContractRejected', async () => {
    const letterId = await award(MUTIARA);
    await approveLetter(letterId);
    await settled();
    expect((await tender()).status).toBe('contractAwarded');
    expectRefused(await actOnTender(lim, 'Reject', { remark: 'by hand' }), 403, 'systemOnly');
    expect(await onLetter(letterId, mei, 'Reject_By_Seller', { remark: 'Cannot deliver by then' })).toBe('rejected');
    await settled();
    expect((await tender()).status).toBe('draftContractRejected');
    const moved = (await tenderEvents()).at(-1)!;
    expect(moved.data).toMatchObject({
      workflowEvent: 'Reject',
      statusBefore: 'contractAwarded',
      statusAfter: 'draftContractRejected',
      remark: expect.stringContaining('rejected by the seller'),
    });
    expect(moved.metadata).toMatchObject({
      actorUserId: CONTRACT_AWARD_ACTOR,
      letterOfAwardId: letterId,
      rejectedBy: await userIdOf(r(), 'mei@mutiarasupplies.my'),
      letterAction: 'Reject_By_Seller',
    });
  });

  it('round 3: awarded to Kukuh Jaya, the buyer voids the letter -> draftContractRejected', async () => {
    const letterId = await award(KUKUH);
    expect(await onLetter(letterId, kumar, 'Cancel', { remark: 'Scope changed' })).toBe('cancelled');
    await settled();
    expect((await tender()).status).toBe('draftContractRejected');
    const moved = (await tenderEvents()).at(-1)!;
    expect(moved.data).toMatchObject({
      workflowEvent: 'Reject',
      statusBefore: 'draftContract',
      statusAfter: 'draftContractRejected',
      remark: expect.stringContaining('voided by the buyer'),
    });
    expect(moved.metadata).toMatchObject({ letterOfAwardId: letterId, letterAction: 'Cancel' });
  });

  it("an earlier award's letter, resubmitted and approved, moves nothing; the tender history holds each step with its actor", async () => {
    const before = (await tenderEvents()).length;
    await approveLetter(letters[0]!, 'Resubmit');
    await settled();
    expect((await tender()).status).toBe('draftContractRejected');
    expect((await tenderEvents()).length).toBe(before);
    const history = (await call('get', `/api/documents/tender/${tenderId}/history`, kumar)).body as {
      action: string;
      statusAfter: string;
    }[];
    expect(history.filter((h) => h.action === 'Reject').map((h) => h.statusAfter)).toEqual([
      'draftContractRejected',
      'draftContractRejected',
      'draftContractRejected',
    ]);
    expect(history.filter((h) => h.action === 'Approve' && h.statusAfter === 'contractAwarded')).toHaveLength(1);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
