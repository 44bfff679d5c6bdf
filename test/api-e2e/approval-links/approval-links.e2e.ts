// Approving from e-mail, with the real app, the in-process SMTP server and a test clock. Teguh Bina's purchase
// orders need levels 20 (Lim) and 21 (Aminah, given it here) above RM 1,000: Kumar's request mails Lim (and no one else) an
// Approve and a Reject… link; the GET describes without acting; the POST approves as Lim (the history names
// her); the link works once; Aminah's mail for level 21 follows and is refused while her level is taken away,
// with the command's own code, then works. A reject link needs a remark; a link after the document moved on is
// stale, one past its 72 hours expired, a changed one invalid; two uses at once act once; the mails are not
// sent twice when the log is handled again; Lim's next mail comes in the language of the page she used.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventStore, StoredEvent } from '@binaan/event-store';
import { ApprovalMailer } from '../../../apps/api/src/approval-links/approval-mailer.js';
import { EVENT_STORE } from '../../../apps/api/src/store/store.tokens.js';
import { startTestSmtpServer, type ParsedMail, type TestSmtpServer } from '../../support/smtp-server.js';
import {
  FEATURE_STORES,
  itAnsweredEveryCallWithoutAServerError,
  purchaseOrderBody,
  startDocumentsApp,
  TEGUH,
  userIdOf,
  type Reply,
  type Running,
} from '../documents/harness.js';
import { settled as notified } from '../notifications/harness.js';

const BASE = '/api/documents/purchaseOrder';
const LIM = 'lim@teguhbina.my';
const AMINAH = 'aminah@teguhbina.my';
const KUMAR = 'kumar@teguhbina.my';
const HOUR = 3_600_000;

describe.each(FEATURE_STORES)('approval from e-mail on %s', (kind) => {
  let running: Running | undefined;
  let smtp: TestSmtpServer | undefined;
  let kumar = '',
    aminah = '';
  const r = () => running!;
  const refused = (reply: Reply) => ({ status: reply.status, code: reply.body.errorCode });
  const settled = async () => {
    await notified(r().app);
    await r().app.get(ApprovalMailer).settled();
  };
  const mailsAbout = (documentNo: string, to?: string) =>
    smtp!.messages.filter((m) => m.subject.includes(documentNo) && (to === undefined || m.recipients.includes(to)));
  /** The approval e-mail about a document to an address (there must be exactly one). */
  const mailTo = async (to: string, documentNo: string): Promise<ParsedMail> => {
    await settled();
    const found = mailsAbout(documentNo, to);
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const linkIn = (mail: ParsedMail, action: 'approve' | 'reject') => {
    const line = mail.text
      .split('\n')
      .find((l) => (action === 'approve' ? /^(Approve|Luluskan|批准) /.test(l) : /^(Reject|Tolak|拒绝)… /.test(l)));
    const token = /https:\/\/binaan\.example\/approval\/(\S+)$/.exec(line ?? '')?.[1];
    expect(token).toBeDefined();
    return token!;
  };
  const describeLink = (token: string) => r().api.call('get', `/api/approval-links/${token}`);
  const useLink = (token: string, body: Record<string, unknown> = {}) => r().api.call('post', `/api/approval-links/${token}`, { body });
  const read = (id: string) => r().api.call('get', `${BASE}/${id}`, { token: kumar });
  const assignment = async () => ({ code: 'purchaseOrder', user_id: await userIdOf(r(), AMINAH), workflow_level: 21 });

  /** Kumar makes an order and asks for approval: its id and number. */
  const requested = async (title: string) => {
    r().clock.advance(60_000);
    const created = await r().api.call('post', BASE, { token: kumar, body: purchaseOrderBody({ title }) });
    expect(created.status).toBe(201);
    const asked = await r().api.call('post', `${BASE}/${created.body.id}/actions/Request_Approve`, {
      token: kumar,
      headers: { 'If-Match': String(created.body.revision) },
    });
    expect(asked.status).toBe(200);
    return { id: created.body.id as string, documentNo: created.body.documentNo as string };
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    running = await startDocumentsApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://binaan.example' });
    kumar = await r().signIn(KUMAR, TEGUH);
    aminah = await r().signIn(AMINAH, TEGUH);
    const manual = await r().api.call('put', '/api/authority-manuals/purchaseOrder', {
      token: aminah,
      body: {
        label: 'Orders (approval e-mail)',
        levels: [
          { level: 20, limit: '1000' },
          { level: 21, limit: null },
        ],
      },
    });
    expect(manual.status).toBe(200);
    const given = await r().api.call('post', '/api/company-workflow/assignments', { token: aminah, body: await assignment() });
    expect(given.status).toBe(200);
  }, 300_000);
  afterAll(async () => {
    await running?.stop();
    await smtp?.close();
  });

  let first = { id: '', documentNo: '' };
  let limMail: ParsedMail;

  it("Kumar's request mails Lim, the one approver of level 20, through SMTP: what, how much, whose, who asked, and the links", async () => {
    first = await requested('Ready-mix concrete G30, Block A');
    limMail = await mailTo(LIM, first.documentNo);
    expect(limMail.subject).toBe(`Approval needed: Purchase order ${first.documentNo}`);
    for (const part of [
      'Hello Lim Wei Ling,',
      `Kumar a/l Rajan asks for your approval of Purchase order ${first.documentNo} (verify level 20).`,
      'Title: Ready-mix concrete G30, Block A (Pour for level 3 slab)',
      'Amount: RM 1,308.57',
      'Company: Teguh Bina Sdn Bhd',
      `Open it in Binaan: https://binaan.example/purchaseOrder/${first.id}/show`,
    ])
      expect(limMail.text).toContain(part);
    expect(limMail.html).toContain('href="https://binaan.example/approval/');
    // No one else: not Kumar (he asked), not Aminah (level 21 comes next).
    expect(mailsAbout(first.documentNo).map((m) => m.recipients)).toEqual([[LIM]]);
  });

  it("the link's GET describes it and acts on nothing (a mail scanner's fetch changes no document)", async () => {
    const token = linkIn(limMail, 'approve');
    const before = (await read(first.id)).body.revision;
    for (let i = 0; i < 2; i++) {
      const described = await describeLink(token);
      expect(described.status).toBe(200);
      expect(described.body).toMatchObject({
        action: 'approve',
        resource: 'purchaseOrder',
        documentId: first.id,
        documentNo: first.documentNo,
        amount: '1308.57',
        currency: 'RM',
        companyName: 'Teguh Bina Sdn Bhd',
        recipientName: 'Lim Wei Ling',
        level: 20,
        usable: true,
        reason: null,
      });
    }
    expect((await read(first.id)).body.revision).toBe(before);
    expect((await describeLink(linkIn(limMail, 'reject'))).body).toMatchObject({ action: 'reject', usable: true });
  });

  it('a changed or made-up token is refused as invalid, by GET and POST', async () => {
    const token = linkIn(limMail, 'approve');
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...claims, l: 22 })).toString('base64url')}.${signature}`;
    for (const bad of [forged, `${payload}.${'A'.repeat(43)}`, 'nothing-here', token.slice(0, -3)]) {
      expect(refused(await describeLink(bad))).toEqual({ status: 400, code: 'approvalLinkInvalid' });
      expect(refused(await useLink(bad))).toEqual({ status: 400, code: 'approvalLinkInvalid' });
    }
  });

  it('POST approves as Lim: the history names her at level 20; the same link again is used (409)', async () => {
    const token = linkIn(limMail, 'approve');
    const used = await useLink(token, { language: 'ms' });
    expect(used.status).toBe(200);
    expect(used.body).toMatchObject({ success: true, action: 'approve', documentNo: first.documentNo, status: 'new' });
    const history = await r().api.call('get', `${BASE}/${first.id}/history`, { token: kumar });
    const last = history.body[history.body.length - 1];
    expect(last).toMatchObject({ approvalLevel: 20, actor: { name: 'Lim Wei Ling', companyName: 'Teguh Bina Sdn Bhd' } });
    expect(refused(await useLink(token))).toEqual({ status: 409, code: 'approvalLinkUsed' });
    expect((await describeLink(token)).body).toMatchObject({ usable: false, reason: 'approvalLinkUsed' });
    // Her reject link of the same mail: the round has moved on to level 21.
    expect(refused(await useLink(linkIn(limMail, 'reject'), { remark: 'too late' }))).toEqual({ status: 409, code: 'approvalLinkStale' });
  });

  it("Aminah's mail asks for level 21; with her level taken away her link gets the command's own 403, then works once it is given back", async () => {
    const mail = await mailTo(AMINAH, first.documentNo);
    expect(mail.text).toContain('(verify level 21)');
    const token = linkIn(mail, 'approve');
    const given = await assignment();
    expect((await r().api.call('post', '/api/company-workflow/assignments/unassign', { token: aminah, body: given })).status).toBe(200);
    expect(refused(await useLink(token))).toEqual({ status: 403, code: 'noAuthority' });
    expect((await read(first.id)).body.status).toBe('new');
    expect((await r().api.call('post', '/api/company-workflow/assignments', { token: aminah, body: given })).status).toBe(200);
    const used = await useLink(token);
    expect(used.status).toBe(200);
    expect(used.body).toMatchObject({ action: 'approve', status: 'pendingConfirmation' });
    expect(refused(await useLink(token))).toEqual({ status: 409, code: 'approvalLinkUsed' });
  });

  it("a reject link needs a remark, then rejects; Lim's mail comes in Malay, the language of the page she used", async () => {
    const second = await requested('Rebar T12, Block B');
    const mail = await mailTo(LIM, second.documentNo);
    expect(mail.subject).toBe(`Kelulusan diperlukan: Pesanan belian ${second.documentNo}`);
    const reject = linkIn(mail, 'reject');
    expect(refused(await useLink(reject))).toEqual({ status: 422, code: 'remarkRequired' });
    expect(refused(await useLink(reject, { remark: '   ' }))).toEqual({ status: 422, code: 'remarkRequired' });
    expect(refused(await useLink(reject, { remark: 'x', cc: 1 }))).toEqual({ status: 400, code: 'validationFailed' });
    const rejected = await useLink(reject, { remark: 'Wrong supplier', language: 'en' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ action: 'reject', status: 'rejected' });
    const history = await r().api.call('get', `${BASE}/${second.id}/history`, { token: kumar });
    expect(history.body[history.body.length - 1]).toMatchObject({ remark: 'Wrong supplier', actor: { name: 'Lim Wei Ling' } });
    // The approve link of the same mail: the document moved on.
    expect(refused(await useLink(linkIn(mail, 'approve')))).toEqual({ status: 409, code: 'approvalLinkStale' });
    expect((await describeLink(linkIn(mail, 'approve'))).body).toMatchObject({ usable: false, reason: 'approvalLinkStale' });
    // Kumar resubmits: a new round, in the same status (new) and at the same level (20). The old round's link stays
    // stale; the new round's e-mail brings a link that works.
    const revision = (await read(second.id)).body.revision as number;
    const resubmitted = await r().api.call('post', `${BASE}/${second.id}/actions/Resubmit`, {
      token: kumar,
      headers: { 'If-Match': String(revision) },
    });
    expect(resubmitted.body).toMatchObject({ status: 'new' });
    await settled();
    const again = mailsAbout(second.documentNo, LIM);
    expect(again).toHaveLength(2);
    expect(refused(await useLink(linkIn(mail, 'approve')))).toEqual({ status: 409, code: 'approvalLinkStale' });
    expect((await useLink(linkIn(again[1]!, 'approve'))).body).toMatchObject({ action: 'approve', status: 'new' });
    expect((await read(second.id)).body.approvalRoute).toMatchObject({ open: true, nextLevel: 21 });
  });

  it('two uses of one link at once act once: the other is refused as used', async () => {
    const fourth = await requested('Scaffolding hire');
    const token = linkIn(await mailTo(LIM, fourth.documentNo), 'approve');
    const replies = await Promise.all([useLink(token), useLink(token)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(replies.find((reply) => reply.status === 409)!.body.errorCode).toBe('approvalLinkUsed');
    const history = await r().api.call('get', `${BASE}/${fourth.id}/history`, { token: kumar });
    expect(history.body.filter((row: { approvalLevel: number | null }) => row.approvalLevel === 20)).toHaveLength(1);
  });

  it("a suspended account's link is refused", async () => {
    const fifth = await requested('Tower crane hire');
    const token = linkIn(await mailTo(LIM, fifth.documentNo), 'approve');
    const limId = await userIdOf(r(), LIM);
    const admin = await r().signIn('admin@binaan.my', TEGUH);
    const status = (action: 'suspend' | 'reinstate') =>
      r().api.call('post', `/api/users/${limId}/${action}`, { token: admin, body: { reason: 'approval e-mail check' } });
    expect((await status('suspend')).status).toBe(200);
    expect(refused(await useLink(token))).toEqual({ status: 403, code: 'accountSuspended' });
    expect((await status('reinstate')).status).toBe(200);
    expect((await useLink(token)).status).toBe(200);
  });

  it('a link past its 72 hours is expired, whatever the document', async () => {
    const third = await requested('Formwork plywood');
    const token = linkIn(await mailTo(LIM, third.documentNo), 'approve');
    r().clock.advance(72 * HOUR + 1000);
    // Sessions lapse too in 72 hours: Kumar signs in again to read the order.
    kumar = await r().signIn(KUMAR, TEGUH);
    expect((await describeLink(token)).body).toMatchObject({ usable: false, reason: 'approvalLinkExpired' });
    expect(refused(await useLink(token))).toEqual({ status: 410, code: 'approvalLinkExpired' });
    expect((await read(third.id)).body.status).toBe('new');
  });

  it('handling the whole log again sends no mail twice', async () => {
    await settled();
    const before = smtp!.messages.length;
    const store = r().app.get<EventStore>(EVENT_STORE);
    const events: StoredEvent[] = [];
    for await (const page of store.readAllPages()) events.push(...page.events);
    await r().app.get(ApprovalMailer).handle(events);
    expect(smtp!.messages).toHaveLength(before);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
