// The business network through the API, on one app: two companies become partners through the
// company-relation machine (invite, decline, invite again, keep in view, accept, cancel), each step told to
// the other company with its §2.6 link; the lists of partners, clients, requests received and sent and kept
// in view; the conversation between them (messages newest first by keyset, unread counts, a stranger refused),
// a forgotten author's messages reading "[erased]" in a conversation that stays whole, and the first page's
// plan at 100,000 messages. Refusals: inviting oneself, inviting twice, accepting what one sent, no authority.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SqlExecutor } from '@binaan/event-store';
import { READ_MODELS } from '../../../apps/api/src/common/principal.js';
import { newPerson, seedCompany, seedUser, signIn, appendCompanyEvents, type SeededUser } from '../../support/identity.js';
import { FEATURE_STORES } from '../documents/harness.js';
import { itAnsweredEveryCallWithoutAServerError, startIdentityApp, type RunningApp } from '../identity/harness.js';
import { settled } from '../notifications/harness.js';

const RIGHTS = [
  'businessNetwork.view',
  'businessNetwork.update',
  'administration.companyProfile.view',
  'administration.companyProfile.update',
];

describe.each(FEATURE_STORES)('the business network on %s', (kind) => {
  let ctx: RunningApp | undefined;
  const api = () => ctx!.api;
  let buyer: SeededUser;
  let seller: SeededUser;
  let stranger: SeededUser;
  let clerk: SeededUser;
  let admin: SeededUser;
  let buyerId = '';
  let sellerId = '';
  let strangerCompanyId = '';
  const tokens: Record<string, string> = {};
  let conversationId = '';

  const chooseAs = async (person: SeededUser, company: string) => {
    const signedIn = await signIn(ctx!, person);
    const chosen = await api().get(`company/choose/${company}`, { token: signedIn.jwtToken });
    return chosen.body.jwtToken as string;
  };
  const act = (who: string, other: string, action: string, body: object = {}) =>
    api().post(`business-network/relations/${other}/actions/${action}`, body, { token: tokens[who] });
  const list = (who: string, name: string) =>
    api().get('business-network/relations', { token: tokens[who]!, query: { filter: JSON.stringify({ list: name }) } });
  const ids = (reply: { body: { id: string }[] }) => reply.body.map((row) => row.id);
  const bell = async (who: string) => {
    await settled(ctx!.app);
    const reply = await api().get('application/user-event-list', { token: tokens[who]!, query: { length: '20' } });
    return (reply.body.events as { module: string; src: string; src_id: string }[]).filter((e) => e.module === 'businessNetwork');
  };

  beforeAll(async () => {
    ctx = await startIdentityApp(kind);
    buyer = await seedUser(ctx, newPerson('buyer'));
    seller = await seedUser(ctx, newPerson('seller'));
    stranger = await seedUser(ctx, newPerson('stranger'));
    clerk = await seedUser(ctx, newPerson('clerk'));
    admin = await seedUser(ctx, newPerson('admin'), { userType: 2 });
    const a = await seedCompany(ctx, {
      name: 'Teguh Pembeli Sdn Bhd',
      status: 3,
      accessRights: RIGHTS,
      members: [{ userId: buyer.userId }, { userId: clerk.userId }],
    });
    const b = await seedCompany(ctx, {
      name: 'Mutiara Penjual Sdn Bhd',
      status: 3,
      accessRights: RIGHTS,
      members: [{ userId: seller.userId }],
    });
    const c = await seedCompany(ctx, {
      name: 'Orang Luar Sdn Bhd',
      status: 3,
      accessRights: RIGHTS,
      members: [{ userId: stranger.userId }],
    });
    buyerId = a.companyId;
    sellerId = b.companyId;
    strangerCompanyId = c.companyId;
    // CreatePropose (10) on companyRelation: the buyer, the seller and the stranger; the clerk reads only.
    await appendCompanyEvents(ctx, buyerId, [
      { type: 'CompanyAuthorityAssigned', data: { resourceCode: 'companyRelation', userId: buyer.userId, level: 10 } },
    ]);
    await appendCompanyEvents(ctx, sellerId, [
      { type: 'CompanyAuthorityAssigned', data: { resourceCode: 'companyRelation', userId: seller.userId, level: 10 } },
    ]);
    await appendCompanyEvents(ctx, strangerCompanyId, [
      { type: 'CompanyAuthorityAssigned', data: { resourceCode: 'companyRelation', userId: stranger.userId, level: 10 } },
    ]);
    tokens.buyer = await chooseAs(buyer, buyerId);
    tokens.seller = await chooseAs(seller, sellerId);
    tokens.stranger = await chooseAs(stranger, strangerCompanyId);
    tokens.clerk = await chooseAs(clerk, buyerId);
    tokens.admin = (await signIn(ctx, admin)).jwtToken;
  }, 300_000);
  afterAll(() => ctx?.stop());

  describe('relations', () => {
    it('given two companies, when the buyer lists companies to invite, then the seller shows with no relation and the buyer itself does not', async () => {
      const reply = await api().get('business-network/companies', {
        token: tokens.buyer!,
        query: { filter: JSON.stringify({ q: 'mutiara penjual' }) },
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual([{ id: sellerId, companyName: 'Mutiara Penjual Sdn Bhd', status: 'noRelation' }]);
      const all = await api().get('business-network/companies', { token: tokens.buyer!, query: { range: '[0,49]' } });
      expect(ids(all)).not.toContain(buyerId);
    });

    it('when the buyer invites its own company, then 422 relationWithOwnCompany', async () => {
      const reply = await act('buyer', buyerId, 'Invite');
      expect(reply.status).toBe(422);
      expect(reply.body.errorCode).toBe('relationWithOwnCompany');
    });

    it('when a member without the level invites, then 403 noAuthority and nothing is recorded', async () => {
      const reply = await act('clerk', sellerId, 'Invite');
      expect(reply.status).toBe(403);
      expect(reply.body.errorCode).toBe('noAuthority');
      expect((await api().get(`business-network/relations/${sellerId}`, { token: tokens.buyer })).status).toBe(404);
    });

    it('when the buyer invites the seller, then the buyer shows invited in requests sent, the seller beInvited in requests received, and the seller is told', async () => {
      const reply = await act('buyer', sellerId, 'Invite', { remark: 'We buy steel monthly' });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ id: sellerId, status: 'invited', side: 'inviter', role: null });
      conversationId = reply.body.conversationId as string;
      expect(ids(await list('buyer', 'requestsSent'))).toEqual([sellerId]);
      const received = await list('seller', 'requestsReceived');
      expect(received.body).toEqual([
        expect.objectContaining({ id: buyerId, companyName: 'Teguh Pembeli Sdn Bhd', status: 'beInvited', side: 'invitee' }),
      ]);
      expect(received.headers['content-range']).toBe('relations 0-0/1');
      expect(await bell('seller')).toEqual([expect.objectContaining({ src: 'requestReceivedPartner', src_id: buyerId })]);
      expect(await bell('buyer')).toEqual([]);
    });

    it('when the buyer invites again, or the seller invites back, then 409 relationAlreadyOpen', async () => {
      for (const [who, other] of [
        ['buyer', sellerId],
        ['seller', buyerId],
      ] as const) {
        const reply = await act(who, other, 'Invite');
        expect(reply.status).toBe(409);
        expect(reply.body.errorCode).toBe('relationAlreadyOpen');
      }
    });

    it('when the buyer accepts the invitation it sent, then 409 wrongStatus', async () => {
      const reply = await act('buyer', sellerId, 'Accept');
      expect(reply.status).toBe(409);
      expect(reply.body.errorCode).toBe('wrongStatus');
    });

    it('when the seller keeps the request in view, then it leaves requests received for KIV, and only a request received can be kept', async () => {
      const kept = await act('seller', buyerId, 'KeepInView', { remark: 'Check their payment record first' });
      expect(kept.status).toBe(200);
      expect(kept.body.keptInView).toBe(true);
      expect(ids(await list('seller', 'kiv'))).toEqual([buyerId]);
      expect(ids(await list('seller', 'requestsReceived'))).toEqual([]);
      const wrong = await act('buyer', sellerId, 'KeepInView');
      expect(wrong.status).toBe(409);
      expect(wrong.body.errorCode).toBe('relationNotReceived');
    });

    it('when the seller declines without a remark, then 422; with one, both records are cancelled and the buyer is told on its requests-sent link', async () => {
      expect((await act('seller', buyerId, 'Reject')).body.errorCode).toBe('remarkRequired');
      const reply = await act('seller', buyerId, 'Reject', { remark: 'Not this quarter' });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ status: 'cancelled', keptInView: false });
      expect(ids(await list('seller', 'kiv'))).toEqual([]);
      const buyerSide = await api().get(`business-network/relations/${sellerId}`, { token: tokens.buyer });
      expect(buyerSide.body).toMatchObject({ status: 'cancelled', lastRemark: 'Not this quarter' });
      expect(await bell('buyer')).toEqual([expect.objectContaining({ src: 'requestReceivedPartner2', src_id: sellerId })]);
    });

    it('when the buyer invites again and the seller accepts, then the seller is the buyer’s partner and the buyer the seller’s client, each step in the history with who and why', async () => {
      expect((await act('buyer', sellerId, 'Invite')).status).toBe(200);
      const accepted = await act('seller', buyerId, 'Accept');
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ status: 'approved', role: 'client' });
      expect(ids(await list('buyer', 'partners'))).toEqual([sellerId]);
      expect(ids(await list('buyer', 'clients'))).toEqual([]);
      expect(ids(await list('seller', 'clients'))).toEqual([buyerId]);
      expect(ids(await list('seller', 'partners'))).toEqual([]);
      const history = await api().get(`business-network/relations/${sellerId}`, { token: tokens.buyer });
      expect(history.body.history.map((h: { event: string }) => h.event)).toEqual([
        'Create',
        'Invite',
        'Reject_By_System',
        'Invite',
        'Confirm',
      ]);
      expect(history.body.history[1]).toMatchObject({ actorUserId: buyer.userId, actorName: buyer.name, remark: 'We buy steel monthly' });
      expect(await bell('buyer')).toEqual(
        expect.arrayContaining([expect.objectContaining({ src: 'requestReceivedPartner2', src_id: sellerId })]),
      );
      expect(await bell('buyer')).toHaveLength(2);
    });

    it('when a stranger reads the pair’s relation, then it has none (404)', async () => {
      const reply = await api().get(`business-network/relations/${sellerId}`, { token: tokens.stranger });
      expect(reply.status).toBe(404);
      expect(reply.body.errorCode).toBe('notFound');
    });
  });

  describe('partner evaluations', () => {
    it('when the buyer evaluates its partner with its vendor appraisal questionnaire, then the weighted score is kept for the buyer only; a stranger is not evaluated, and a tender questionnaire does not serve', async () => {
      const questionnaire = await api().post(
        'company-setups/questionnaires',
        {
          name: 'Supplier appraisal',
          description: 'Each quarter',
          type: 'vendorAppraisal',
          minScore: 1,
          maxScore: 5,
          questions: [
            { text: 'Delivers on time', weight: 60 },
            { text: 'Quality of goods', weight: 40 },
          ],
        },
        { token: tokens.buyer },
      );
      expect(questionnaire.status).toBe(201);
      const [onTime, quality] = questionnaire.body.item.questions as { id: string }[];
      const scores = { [onTime!.id]: 5, [quality!.id]: 3 };
      const evaluated = await api().post(
        `business-network/relations/${sellerId}/evaluations`,
        { questionnaireId: questionnaire.body.item.id, scores, remark: 'Reliable' },
        { token: tokens.buyer },
      );
      expect(evaluated.status).toBe(201);
      // 60 % at the top of the scale and 40 % at its middle: 60 + 40 x 0.5 = 80.
      expect(evaluated.body).toMatchObject({
        score: 80,
        questionnaireName: 'Supplier appraisal',
        remark: 'Reliable',
        evaluatedByName: buyer.name,
      });
      expect((await api().get(`business-network/relations/${sellerId}/evaluations`, { token: tokens.buyer })).body).toHaveLength(1);
      expect((await api().get(`business-network/relations/${buyerId}/evaluations`, { token: tokens.seller })).body).toEqual([]);
      const outOfScale = await api().post(
        `business-network/relations/${sellerId}/evaluations`,
        { questionnaireId: questionnaire.body.item.id, scores: { ...scores, [quality!.id]: 9 } },
        { token: tokens.buyer },
      );
      expect(outOfScale.status).toBe(400);
      expect(Object.keys(outOfScale.body.fields)).toEqual([`scores.${quality!.id}`]);
      const tenders = await api().post(
        'company-setups/questionnaires',
        {
          name: 'Tender scoring',
          description: '',
          type: 'tenderEvaluation',
          minScore: 0,
          maxScore: 10,
          questions: [{ text: 'Method', weight: 1 }],
        },
        { token: tokens.buyer },
      );
      const wrongKind = await api().post(
        `business-network/relations/${sellerId}/evaluations`,
        { questionnaireId: tenders.body.item.id, scores: {} },
        { token: tokens.buyer },
      );
      expect(wrongKind.status).toBe(422);
      expect(wrongKind.body.errorCode).toBe('questionnaireNotForAppraisal');
      const stranger = await api().post(
        `business-network/relations/${strangerCompanyId}/evaluations`,
        { questionnaireId: questionnaire.body.item.id, scores },
        { token: tokens.buyer },
      );
      expect(stranger.status).toBe(404);
    });
  });

  describe('conversations', () => {
    it('when the buyer writes twice and the seller once, then each reads them newest first by keyset, and the unread counts are the other side’s', async () => {
      for (const text of ['First delivery next week?', 'We need 20 tonnes'])
        expect(
          (await api().post(`business-network/conversations/${conversationId}/messages`, { text }, { token: tokens.buyer })).status,
        ).toBe(201);
      const seen = await api().get('business-network/conversations-unread', { token: tokens.seller });
      expect(seen.body).toEqual({ total: 2, capped: false, conversations: 1 });
      expect((await api().get('business-network/conversations-unread', { token: tokens.buyer })).body.total).toBe(0);
      const first = await api().get(`business-network/conversations/${conversationId}/messages`, {
        token: tokens.seller,
        query: { limit: '1' },
      });
      expect(first.body.items).toEqual([expect.objectContaining({ text: 'We need 20 tonnes', authorName: buyer.name, mine: false })]);
      const second = await api().get(`business-network/conversations/${conversationId}/messages`, {
        token: tokens.seller,
        query: { limit: '1', after: first.body.next as string },
      });
      expect(second.body.items.map((m: { text: string }) => m.text)).toEqual(['First delivery next week?']);
      expect(second.body.next).toBeNull();
      const rows = await api().get('business-network/conversations', { token: tokens.seller });
      expect(rows.body).toEqual([expect.objectContaining({ id: conversationId, otherCompanyId: buyerId, unread: 2 })]);
      // One bell for the unread burst, not one per message.
      expect((await bell('seller')).filter((n) => n.src === 'conversation')).toEqual([expect.objectContaining({ src_id: conversationId })]);
      expect((await api().post(`business-network/conversations/${conversationId}/read`, {}, { token: tokens.seller })).status).toBe(200);
      expect((await api().get('business-network/conversations-unread', { token: tokens.seller })).body.total).toBe(0);
      expect(
        (await api().post(`business-network/conversations/${conversationId}/messages`, { text: 'Yes, Tuesday.' }, { token: tokens.seller }))
          .status,
      ).toBe(201);
      expect((await api().get('business-network/conversations-unread', { token: tokens.buyer })).body).toEqual({
        total: 1,
        capped: false,
        conversations: 1,
      });
    });

    it('when a stranger reads or writes the conversation, then 404 notFound; an empty or long text is 400', async () => {
      const read = await api().get(`business-network/conversations/${conversationId}/messages`, { token: tokens.stranger });
      expect(read.status).toBe(404);
      expect(read.body.errorCode).toBe('notFound');
      const write = await api().post(
        `business-network/conversations/${conversationId}/messages`,
        { text: 'hello' },
        { token: tokens.stranger },
      );
      expect(write.status).toBe(404);
      for (const text of ['  ', 'x'.repeat(4001)]) {
        const bad = await api().post(`business-network/conversations/${conversationId}/messages`, { text }, { token: tokens.buyer });
        expect(bad.status).toBe(400);
        expect(bad.body.fields.text).toBeDefined();
      }
    });

    it('when the buyer’s author is forgotten, then their messages read [erased] and the conversation keeps every message in order', async () => {
      const forgotten = await api().post(
        `personal-data/users/${buyer.userId}/forget`,
        { reason: 'The person asked to be forgotten' },
        { token: tokens.admin },
      );
      expect(forgotten.status).toBeLessThan(300);
      const page = await api().get(`business-network/conversations/${conversationId}/messages`, { token: tokens.seller });
      expect(page.body.items.map((m: { text: string; authorName: string | null }) => [m.text, m.authorName])).toEqual([
        ['Yes, Tuesday.', seller.name],
        ['[erased]', '[erased]'],
        ['[erased]', '[erased]'],
      ]);
    });

    it('when the partnership is cancelled, then no more messages (409 conversationClosed) and what was said stays readable', async () => {
      expect((await act('seller', buyerId, 'Cancel', { remark: 'We stop supplying this region' })).body.status).toBe('cancelled');
      const reply = await api().post(
        `business-network/conversations/${conversationId}/messages`,
        { text: 'Are you there?' },
        { token: tokens.seller },
      );
      expect(reply.status).toBe(409);
      expect(reply.body.errorCode).toBe('conversationClosed');
      expect(
        (await api().get(`business-network/conversations/${conversationId}/messages`, { token: tokens.seller })).body.items,
      ).toHaveLength(3);
    });

    it('given 100,000 messages in a conversation, the first page reads the (conversation, position) key backwards with no sort and no count', async () => {
      const db = ctx!.app.get<SqlExecutor>(READ_MODELS);
      const id = '00000000-0000-5000-8000-000000100000';
      await db.query(
        `INSERT INTO conversation_messages (conversation_id, position, message_id, company_id, author_user_id, text, sent_at)
         SELECT $1, n, 'm' || n, 'c', 'u', 'text', now() FROM generate_series(1, 100000) n`,
        [id],
      );
      await db.query('ANALYZE conversation_messages');
      const plan = (
        await db.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT m.position FROM conversation_messages m WHERE m.conversation_id = $1 ORDER BY m.position DESC LIMIT 26`,
          [id],
        )
      )
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(plan).toMatch(/Index (Only )?Scan Backward/);
      expect(plan).not.toMatch(/Sort|Seq Scan/);
    });
  });

  itAnsweredEveryCallWithoutAServerError(() => ctx);
});
