// An organizer creates and publishes an event; a visitor registers (ticket by e-mail); staff scan the ticket
// in and out (failed scans recorded with reasons, the live count inside); the certificate is issued by the
// attendance rule, approved and e-mailed; the PDF downloads, parses, and its QR verifies; the participant
// detail and transaction hashes match the stored events.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { PDFDocument } from 'pdf-lib';
import { canonicalJson, SqlEventStore, type JsonValue } from '@binaan/event-store';
import { certificatesProjection } from '../../../apps/api/src/certificates/certificates.projection.js';
import { DEMO_PASSWORD } from '../../../apps/api/src/demo/demo-data.js';
import { MUTIARA, qrTextsFromPdf, TEGUH, ticketFrom, type Running } from './harness.js';

const EMPTY = '0001-01-01T00:00:00.000Z';
export type Walked = { articleId: string; registrationId: string; userId: string; certificateNo: string; qr: string; ticket: string };

export async function registerVisitor(
  running: Running,
  articleId: string,
  email: string,
  name = 'Siti Aishah binti Rahman',
): Promise<string> {
  const reply = await running.api.call('post', '/api/article/register', {
    body: { article_id: articleId, name, email, contact: '0123456789', company_name: 'Kontraktor Maju' },
  });
  expect([reply.status, reply.body]).toEqual([200, { success: true, msg: 'eventRegistered', article_id: articleId }]);
  return ticketFrom((await running.smtp.waitFor(email.trim().toLowerCase())).text);
}

export function certificateWalk(running: () => Running, walked: Walked): void {
  describe('an event from creation to a verified certificate', () => {
    let aminah: string, farid: string, mei: string;
    const scan = (token: string, direction: 'check-in' | 'check-out', code: string, articleId = walked.articleId) =>
      running().api.call('post', `/api/article/${articleId}/${direction}`, { token, body: { code } });

    const signInAll = async () => {
      aminah = await running().signIn('aminah@teguhbina.my', TEGUH);
      farid = await running().signIn('farid@teguhbina.my', TEGUH);
      mei = await running().signIn('mei@mutiarasupplies.my', MUTIARA);
    };
    /** Hours pass at the event: sessions idle that long end, so staff sign in again. */
    const passTime = async (ms: number) => {
      running().clock.advance(ms);
      await signInAll();
    };

    beforeAll(signInAll);

    it('an organizer creates an event: a draft, not on the landing page until published', async () => {
      const before = await running().api.call('get', '/api/landing/event-and-certificate-counter');
      const created = await running().api.call('post', '/api/article', {
        token: aminah,
        body: {
          title: 'Site Safety Briefing 2026',
          location: 'Menara Binaan, Kuala Lumpur',
          date: '2026-03-02T01:00:00Z',
          description: 'Working at height.\nScaffolding.',
          otherImage: ['https://img.example/a.jpg'],
        },
      });
      expect(created.status).toBe(201);
      walked.articleId = created.body.data.id;
      expect(walked.articleId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect((await running().api.call('get', '/api/landing/event-list')).body.data.map((e: { id: string }) => e.id)).not.toContain(
        walked.articleId,
      );
      expect(
        (
          await running().api.call('post', '/api/article/register', {
            body: { article_id: walked.articleId, name: 'Early Bird', email: 'early@example.my', contact: '0123456789' },
          })
        ).body.errorCode,
      ).toBe('articleNotFound');
      const published = await running().api.call('post', `/api/article/${walked.articleId}/publish`, { token: aminah });
      expect(published.status).toBe(200);
      expect((await running().api.call('post', `/api/article/${walked.articleId}/publish`, { token: aminah })).body.errorCode).toBe(
        'articleAlreadyPublished',
      );
      const list = await running().api.call('get', '/api/landing/event-list');
      expect(list.body.data).toContainEqual({
        id: walked.articleId,
        title: 'Site Safety Briefing 2026',
        location: 'Menara Binaan, Kuala Lumpur',
        date: '2026-03-02T01:00:00.000Z',
        description: 'Working at height.\nScaffolding.',
        otherImage: ['https://img.example/a.jpg'],
        // Published and not yet past: Register is offered (a past event does not offer it).
        registrationOpen: true,
      });
      const after = await running().api.call('get', '/api/landing/event-and-certificate-counter');
      expect(after.body.data.event_count).toBe(before.body.data.event_count + 1);
    });

    it('only the organizer company, with the right access, manages its events', async () => {
      expect((await running().api.call('post', '/api/article', { body: { title: 'x' } })).status).toBe(401);
      // The site team holds eventManagement.scan only: it scans and sees attendance, but does not manage.
      const siteTeam = await running().api.call('post', '/api/article', {
        token: farid,
        body: { title: 'x', location: 'y', date: '2026-04-01' },
      });
      expect([siteTeam.status, siteTeam.body.errorCode]).toEqual([403, 'noAccessRight']);
      expect(siteTeam.body.errorMessage).toContain('eventManagement.update');
      expect((await running().api.call('post', `/api/article/${walked.articleId}/publish`, { token: farid })).status).toBe(403);
      expect((await running().api.call('get', '/api/article/organizer-list', { token: farid })).status).toBe(200);
      // A procurement officer holds no event right at all: neither the door nor the list.
      const kumar = await running().signIn('kumar@teguhbina.my', TEGUH);
      for (const [method, path] of [
        ['get', '/api/article/organizer-list'],
        ['get', `/api/article/${walked.articleId}/attendance`],
        ['post', `/api/article/${walked.articleId}/check-in`],
      ] as const) {
        const refused = await running().api.call(method, path, { token: kumar, body: { code: 'x' } });
        expect([path, refused.status, refused.body.errorCode]).toEqual([path, 403, 'noAccessRight']);
        expect(refused.body.errorMessage).toMatch(/eventManagement\.scan or eventManagement\.update/);
      }
      const noCompany = await running().api.call('post', '/api/login', { body: { email: 'aminah@teguhbina.my', password: DEMO_PASSWORD } });
      const unchosen = await running().api.call('post', '/api/article', {
        token: noCompany.body.jwtToken,
        body: { title: 'x', location: 'y', date: '2026-04-01' },
      });
      expect([unchosen.status, unchosen.body.errorCode]).toEqual([403, 'companyNotChosen']);
      const other = await running().api.call('post', `/api/article/${walked.articleId}/check-in`, { token: mei, body: { code: 'x' } });
      expect([other.status, other.body.errorCode]).toEqual([404, 'articleNotFound']);
      const bad = await running().api.call('post', '/api/article', {
        token: aminah,
        body: { title: '', location: 'y', date: 'tomorrow', minimum_minutes: -1 },
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields).sort()).toEqual(['date', 'minimum_minutes', 'title']);
    });

    it('a visitor registers without signing in and gets the ticket by e-mail; bad fields are named', async () => {
      walked.ticket = await registerVisitor(running(), walked.articleId, 'siti@example.my');
      const bad = await running().api.call('post', '/api/article/register', {
        body: { article_id: walked.articleId, name: '', email: 'not-an-email', contact: '12345678' },
      });
      expect([bad.status, Object.keys(bad.body.fields).sort()]).toEqual([400, ['contact', 'email', 'name']]);
      const tooLong = await running().api.call('post', '/api/article/register', {
        body: { article_id: walked.articleId, name: 'A', email: 'a@example.my', contact: '1234567890123' },
      });
      expect(Object.keys(tooLong.body.fields)).toEqual(['contact']);
      const unknown = await running().api.call('post', '/api/article/register', {
        body: { article_id: 0, name: 'A', email: 'a@example.my', contact: '123456789' },
      });
      expect([unknown.status, unknown.body.errorCode]).toEqual([404, 'articleNotFound']);
    });

    it('registering again with the same e-mail answers alike and re-sends the same ticket, recording nothing new', async () => {
      const again = await registerVisitor(running(), walked.articleId, 'SITI@example.my ', 'Someone Else');
      expect(again).toBe(walked.ticket);
      const attendance = await running().api.call('get', `/api/article/${walked.articleId}/attendance`, { token: aminah });
      expect(attendance.body.participants.filter((p: { email: string }) => p.email === 'siti@example.my')).toHaveLength(1);
      expect(attendance.body.participants[0]).toMatchObject({ name: 'Siti Aishah binti Rahman', check_in: EMPTY, certificate_no: '-' });
    });

    it('staff check the visitor in and out; repeated, out-of-order and unknown scans are recorded as failed with their reasons', async () => {
      const outFirst = await scan(farid, 'check-out', walked.ticket);
      expect([outFirst.status, outFirst.body.errorCode, outFirst.body.inside]).toEqual([409, 'notCheckedIn', 0]);
      const checkIn = await scan(farid, 'check-in', walked.ticket);
      expect(checkIn.status).toBe(200);
      expect(checkIn.body).toMatchObject({ success: true, result: 'checkedIn', name: 'Siti Aishah binti Rahman', inside: 1 });
      walked.registrationId = checkIn.body.registration_id;
      const twice = await scan(farid, 'check-in', walked.ticket);
      expect([twice.status, twice.body.errorCode, twice.body.registration_id, twice.body.inside]).toEqual([
        409,
        'alreadyCheckedIn',
        walked.registrationId,
        1,
      ]);
      const forged = await scan(farid, 'check-in', `${walked.registrationId}.AAAAAAAAAAAAAAAAAAAAAA`);
      expect([forged.status, forged.body.errorCode, forged.body.registration_id]).toEqual([404, 'unknownTicket', '-']);
      const garbage = await scan(farid, 'check-in', 'hello world');
      expect([garbage.status, garbage.body.errorCode]).toEqual([404, 'unknownTicket']);
      await passTime(3 * 3_600_000);
      const checkOut = await scan(farid, 'check-out', walked.ticket);
      expect(checkOut.body).toMatchObject({ result: 'checkedOut', inside: 0 });
      const again = await scan(farid, 'check-in', walked.ticket);
      expect(again.body.errorCode).toBe('alreadyCheckedOut');
      const attendance = await running().api.call('get', `/api/article/${walked.articleId}/attendance`, { token: farid });
      expect(attendance.body).toMatchObject({ registered: 1, checked_in: 1, checked_out: 1, inside: 0 });
      expect(attendance.body.failed_scans.map((s: { reason: string; direction: string }) => `${s.direction}:${s.reason}`).sort()).toEqual([
        'checkIn:alreadyCheckedIn',
        'checkIn:alreadyCheckedOut',
        'checkIn:unknownTicket',
        'checkIn:unknownTicket',
        'checkOut:notCheckedIn',
      ]);
      const failedEvents = (await running().store.readStream(`eventAttendance-${walked.articleId}`)).map((e) => e.type);
      expect(failedEvents).toEqual(Array(5).fill('EventScanFailed'));
      expect(JSON.stringify(await running().store.readStream(`eventAttendance-${walked.articleId}`))).not.toContain(walked.ticket);
    });

    it('the live count follows people in and out', async () => {
      const tickets = [
        await registerVisitor(running(), walked.articleId, 'a1@example.my', 'Ahmad One'),
        await registerVisitor(running(), walked.articleId, 'a2@example.my', 'Ahmad Two'),
      ];
      expect((await scan(farid, 'check-in', tickets[0]!)).body.inside).toBe(1);
      expect((await scan(farid, 'check-in', tickets[1]!)).body.inside).toBe(2);
      expect((await scan(farid, 'check-out', tickets[0]!)).body.inside).toBe(1);
      expect(
        (await running().api.call('get', '/api/article/organizer-list', { token: aminah })).body.data.find(
          (e: { id: string }) => e.id === walked.articleId,
        ),
      ).toMatchObject({ published: true, registrations: 3, inside: 1, attendance_rule: { kind: 'checkInAndOut' } });
    });

    it('certificates are issued only where the attendance rule is met', async () => {
      const issued = await running().api.call('post', `/api/article/${walked.articleId}/certificates/issue`, { token: aminah, body: {} });
      expect(issued.status).toBe(200);
      expect(issued.body.issued.map((i: { registration_id: string }) => i.registration_id).sort()).toHaveLength(2);
      expect(issued.body.skipped).toEqual([expect.objectContaining({ reason: 'attendanceRuleNotMet' })]);
      const mine = issued.body.issued.find((i: { registration_id: string }) => i.registration_id === walked.registrationId);
      walked.certificateNo = mine.certificate_no;
      expect(walked.certificateNo).toMatch(/^BNC-[0-9A-HJKMNP-TV-Z]{26}$/);
      const stillInside = issued.body.skipped[0].registration_id as string;
      const single = await running().api.call('post', `/api/event-participant/${stillInside}/certificate/issue`, { token: aminah });
      expect([single.status, single.body.errorCode]).toEqual([422, 'attendanceRuleNotMet']);
      expect(single.body.errorMessage).toMatch(/never checked out/);
      const twice = await running().api.call('post', `/api/event-participant/${walked.registrationId}/certificate/issue`, {
        token: aminah,
      });
      expect([twice.status, twice.body.errorCode]).toEqual([409, 'certificateAlreadyIssued']);
    });

    it('the certificate is approved, then e-mailed (read from the SMTP server); not before approval', async () => {
      const early = await running().api.call('post', `/api/event-participant/${walked.registrationId}/certificate/send-email`, {
        token: aminah,
      });
      expect([early.status, early.body.errorCode]).toEqual([409, 'certificateNotApproved']);
      const noPdfYet = await running().api.call('get', `/api/event-participant/download-certificate/${walked.registrationId}`);
      expect([noPdfYet.status, noPdfYet.body.errorCode]).toEqual([404, 'certificateNotFound']);
      const counters = (await running().api.call('get', '/api/landing/event-and-certificate-counter')).body.data
        .certificate_count as number;
      await passTime(3_600_000);
      const approved = await running().api.call('post', `/api/event-participant/${walked.registrationId}/certificate/approve`, {
        token: aminah,
      });
      expect(approved.body).toMatchObject({ success: true, certificate_no: walked.certificateNo });
      expect((await running().api.call('get', '/api/landing/event-and-certificate-counter')).body.data.certificate_count).toBe(
        counters + 1,
      );
      expect(
        (await running().api.call('post', `/api/event-participant/${walked.registrationId}/certificate/approve`, { token: aminah })).body
          .errorCode,
      ).toBe('certificateAlreadyApproved');
      const sent = await running().api.call('post', `/api/event-participant/${walked.registrationId}/certificate/send-email`, {
        token: aminah,
      });
      expect(sent.status).toBe(200);
      const mail = await running().smtp.waitFor('siti@example.my');
      expect(mail.subject).toBe('Your certificate: Site Safety Briefing 2026');
      expect(mail.text).toContain(walked.certificateNo);
      expect(mail.text).toContain(`https://binaan.example/api/event-participant/download-certificate/${walked.registrationId}`);
    });

    it('the PDF downloads, parses, and its QR carries the spec payload and a signature that verifies', async () => {
      const pdf = await running().api.call('get', `/api/event-participant/download-certificate/${walked.registrationId}`, { binary: true });
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const bytes = pdf.body as Buffer;
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const document = await PDFDocument.load(bytes);
      expect(document.getPageCount()).toBe(1);
      expect(document.getTitle()).toBe(`Certificate ${walked.certificateNo}`);
      const [qr] = await qrTextsFromPdf(bytes);
      const values = qr!.split(',');
      expect(values.slice(0, 4)).toEqual([walked.registrationId, walked.articleId, expect.any(String), walked.certificateNo]);
      expect(values[4]).toMatch(/^v1\./);
      walked.userId = values[2]!;
      walked.qr = qr!;
      const verified = await running().api.call('post', '/api/event-participant/verified-certificate', { body: { qr } });
      expect(verified.body).toMatchObject({
        success: true,
        msg: 'certificateGenuine',
        id: walked.registrationId,
        genuine: true,
        reason: null,
      });
      expect(verified.body.checks.map((c: { check: string; result: string }) => `${c.check}:${c.result}`)).toEqual(
        [
          'payload',
          'signature',
          'keyValidAtIssue',
          'certificateExists',
          'recordMatches',
          'hashMatches',
          'chainVerifies',
          'attendanceMet',
          'approved',
          'notRevoked',
        ].map((c) => `${c}:passed`),
      );
      const asFields = await running().api.call('post', '/api/event-participant/verified-certificate', {
        body: { id: values[0], article_id: values[1], user_id: values[2], certificate_no: values[3], signature: values[4] },
      });
      expect(asFields.body.genuine).toBe(true);
      // The keys are published at the site root (RFC 8615), outside /api, without a session.
      const keys = await running().api.call('get', '/.well-known/jwks.json');
      expect([keys.status, keys.headers['content-type']]).toEqual([200, expect.stringMatching(/^application\/json/)]);
      expect(keys.body.keys).toEqual([
        expect.objectContaining({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', kid: values[4]!.split('.')[1], nbf: expect.any(Number) }),
      ]);
      expect((await running().api.call('get', '/api/.well-known/jwks.json')).status).toBe(404);
    });

    it('the participant detail shows what the spec shows, with hashes equal to the stored events, and nothing private', async () => {
      const view = await running().api.call(
        'get',
        `/api/event-participant/view/${walked.registrationId}/${walked.articleId}/${walked.userId}`,
      );
      expect(view.status).toBe(200);
      const d = view.body.data;
      const events = await running().store.readStream(`eventRegistration-${walked.registrationId}`);
      const byType = (type: string) => events.find((e) => e.type === type)!;
      expect(d).toMatchObject({
        id: walked.registrationId,
        name: 'Siti Aishah binti Rahman',
        certificate_no: walked.certificateNo,
        revoked: false,
        register_hash: byType('EventParticipantRegistered').hash,
        register_tx_id: byType('EventParticipantRegistered').id,
        check_in_hash: byType('EventParticipantCheckedIn').hash,
        check_out_hash: byType('EventParticipantCheckedOut').hash,
        issues_cert_hash: byType('EventCertificateIssued').hash,
        issues_cert_tx_id: byType('EventCertificateIssued').id,
        check_in: '2026-03-02T00:30:00.000Z',
        check_out: '2026-03-02T03:30:00.000Z',
        approve_datetime: '2026-03-02T04:30:00.000Z',
        send_email_datetime: '2026-03-02T04:30:00.000Z',
      });
      expect(JSON.stringify(view.body)).not.toMatch(/siti@example|0123456789|Kontraktor/);
      const tx = await running().api.call('get', `/api/test-get-transaction/${d.check_in_tx_id}`);
      expect(tx.body).toEqual({ success: true, data: byType('EventParticipantCheckedIn').hash });
      expect((await running().api.call('get', '/api/test-get-transaction/no-such-transaction')).body).toEqual({ success: true, data: '-' });
      const wrongUser = await running().api.call(
        'get',
        `/api/event-participant/view/${walked.registrationId}/${walked.articleId}/someone-else`,
      );
      expect([wrongUser.status, wrongUser.body.errorCode]).toEqual([404, 'participantNotFound']);
    });

    it('a participant without a certificate shows dashes and the empty date', async () => {
      const attendance = await running().api.call('get', `/api/article/${walked.articleId}/attendance`, { token: aminah });
      const other = attendance.body.participants.find((p: { certificate_no: string; check_out: string }) => p.certificate_no === '-');
      const view = await running().api.call(
        'get',
        `/api/event-participant/view/${other.registration_id}/${walked.articleId}/${other.user_id}`,
      );
      expect(view.body.data).toMatchObject({
        check_out: EMPTY,
        check_out_hash: '-',
        check_out_tx_id: '-',
        issues_cert_datetime: EMPTY,
        issues_cert_hash: '-',
        approve_datetime: EMPTY,
        certificate_no: '-',
      });
    });

    it('a rebuild of the read models from the log gives the same certificates tables', async () => {
      const snapshot = async () => {
        const tables: Record<string, string[]> = {};
        for (const table of certificatesProjection.tables) {
          tables[table] = (await running().sql.query<{ row: JsonValue }>(`SELECT to_jsonb(t) AS row FROM ${table} t`))
            .map(({ row }) => canonicalJson(row))
            .sort();
        }
        return tables;
      };
      const live = await snapshot();
      expect(live.cert_registrations!.length).toBe(3);
      const store = running().store;
      if (!(store instanceof SqlEventStore)) throw new Error('rebuild needs a SQL store');
      await store.rebuild();
      expect(await snapshot()).toEqual(live);
    });

    it('the logo downloads as an image', async () => {
      const logo = await running().api.call('get', '/api/association/download');
      expect([logo.status, logo.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    });
  });
}
