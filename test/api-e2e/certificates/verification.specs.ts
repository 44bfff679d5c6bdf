// Each way a certificate can be not genuine verifies as failed, with the failing check and its reason:
// a forged signature, a changed field, an unknown number, a key outside its validity period, a revoked
// certificate, and an event row changed in the database (the trigger switched off, as an attacker would).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { certificateQrText } from '@binaan/contracts';
import { signCertificate } from '../../../apps/api/src/certificates/certificate-signature.js';
import { TEGUH, type Running } from './harness.js';
import type { Walked } from './walk.specs.js';

type Check = { check: string; result: string; reason?: string };
const failed = (checks: Check[]) => checks.filter((c) => c.result === 'failed').map((c) => c.check);

export function verificationFailures(running: () => Running, walked: Walked): void {
  describe('certificates that are not genuine', () => {
    let aminah: string;
    const verify = (body: unknown) => running().api.call('post', '/api/event-participant/verified-certificate', { body });
    const parts = () => {
      const [id, article_id, user_id, certificate_no, signature] = walked.qr.split(',') as [string, string, string, string, string];
      return { id, article_id, user_id, certificate_no, signature };
    };

    beforeAll(async () => {
      aminah = await running().signIn('aminah@teguhbina.my', TEGUH);
    });

    it('a forged signature fails the signature check', async () => {
      const p = parts();
      const flipped = p.signature.slice(0, -3) + (p.signature.endsWith('AAA') ? 'BBB' : 'AAA');
      const reply = await verify({ qr: certificateQrText({ ...p, signature: flipped }) });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ success: false, msg: 'certificateNotGenuine', id: -1, genuine: false });
      // The record keeps the signature as issued, so the forged one differs from it too.
      expect(failed(reply.body.checks)).toEqual(['signature', 'recordMatches']);
      expect(reply.body.reason).toMatch(/signature does not match/);
    });

    it('a changed field fails the signature and the record match', async () => {
      const p = parts();
      const reply = await verify({
        qr: certificateQrText({ ...p, user_id: `${p.user_id.slice(0, -1)}${p.user_id.endsWith('A') ? 'B' : 'A'}` }),
      });
      expect(failed(reply.body.checks)).toEqual(['signature', 'recordMatches']);
    });

    it('the spec four values without a signature are not enough', async () => {
      const p = parts();
      const reply = await verify({ id: p.id, article_id: p.article_id, user_id: p.user_id, certificate_no: p.certificate_no });
      expect(failed(reply.body.checks)).toEqual(['signature', 'recordMatches']);
      expect(reply.body.reason).toBe('the QR code carries no signature');
    });

    it('an unknown certificate number fails certificateExists; the record checks do not apply', async () => {
      const reply = await verify({ qr: certificateQrText({ ...parts(), certificate_no: 'BNC-00000000000000000000000000' }) });
      expect(failed(reply.body.checks)).toEqual(['signature', 'certificateExists']);
      expect(reply.body.checks.find((c: Check) => c.check === 'hashMatches').result).toBe('notApplicable');
    });

    it('a signature by the real key at a time outside its validity period fails keyValidAtIssue', async () => {
      const secrets = JSON.parse(readFileSync(join(running().config.dataDir, 'secrets.json'), 'utf8')) as { certificateSigningKey: string };
      const p = parts();
      const kid = p.signature.split('.')[1]!;
      const backdated = signCertificate(p, Date.parse('2020-01-01T00:00:00Z') / 1000, kid, secrets.certificateSigningKey);
      const reply = await verify({ qr: certificateQrText({ ...p, signature: backdated }) });
      expect(failed(reply.body.checks)).toEqual(['keyValidAtIssue', 'recordMatches']);
      expect(reply.body.checks.find((c: Check) => c.check === 'signature').result).toBe('passed');
      expect(reply.body.reason).toMatch(/not at the claimed issue time 2020-01-01/);
    });

    it('a malformed QR fails the payload check; a body without any certificate is 400', async () => {
      expect(failed((await verify({ qr: 'https://evil.example/x' })).body.checks)).toEqual(['payload']);
      const empty = await verify({});
      expect([empty.status, empty.body.errorCode]).toEqual([400, 'validationFailed']);
    });

    it('a revoked certificate fails notRevoked with the reason; its PDF is gone and it leaves the counter', async () => {
      const attendance = await running().api.call('get', `/api/article/${walked.articleId}/attendance`, { token: aminah });
      const other = attendance.body.participants.find(
        (p: { certificate_no: string; registration_id: string }) => p.certificate_no !== '-' && p.registration_id !== walked.registrationId,
      );
      await running().api.call('post', `/api/event-participant/${other.registration_id}/certificate/approve`, { token: aminah });
      const pdf = await running().api.call('get', `/api/event-participant/download-certificate/${other.registration_id}`, { binary: true });
      expect(pdf.status).toBe(200);
      const before = (await running().api.call('get', '/api/landing/event-and-certificate-counter')).body.data.certificate_count as number;
      const noReason = await running().api.call('post', `/api/event-participant/${other.registration_id}/certificate/revoke`, {
        token: aminah,
        body: {},
      });
      expect([noReason.status, noReason.body.errorCode]).toEqual([400, 'validationFailed']);
      const revoked = await running().api.call('post', `/api/event-participant/${other.registration_id}/certificate/revoke`, {
        token: aminah,
        body: { reason: 'Signed in for a colleague' },
      });
      expect(revoked.status).toBe(200);
      expect((await running().api.call('get', '/api/landing/event-and-certificate-counter')).body.data.certificate_count).toBe(before - 1);
      const gone = await running().api.call('get', `/api/event-participant/download-certificate/${other.registration_id}`);
      expect([gone.status, gone.body.errorCode]).toEqual([410, 'certificateRevoked']);
      const events = await running().store.readStream(`eventRegistration-${other.registration_id}`);
      const issued = events.find((e) => e.type === 'EventCertificateIssued')!.data as {
        registrationId: string;
        articleId: string;
        userId: string;
        certificateNo: string;
        signature: string;
      };
      const reply = await verify({
        qr: certificateQrText({
          id: issued.registrationId,
          article_id: issued.articleId,
          user_id: issued.userId,
          certificate_no: issued.certificateNo,
          signature: issued.signature,
        }),
      });
      expect(failed(reply.body.checks)).toEqual(['notRevoked']);
      expect(reply.body.reason).toMatch(/Signed in for a colleague/);
      const again = await running().api.call('post', `/api/event-participant/${other.registration_id}/certificate/revoke`, {
        token: aminah,
        body: { reason: 'twice' },
      });
      expect(again.body.errorCode).toBe('certificateRevoked');
      const view = await running().api.call(
        'get',
        `/api/event-participant/view/${other.registration_id}/${walked.articleId}/${other.user_id}`,
      );
      expect(view.body.data.revoked).toBe(true);
    });

    it('an event row changed in the database (trigger switched off) makes the genuine QR fail the hash and chain checks', async () => {
      expect((await verify({ qr: walked.qr })).body.genuine).toBe(true);
      await running().sql.script(`BEGIN; ALTER TABLE events DISABLE TRIGGER USER;
        UPDATE events SET data = jsonb_set(data::jsonb, '{at}', '"2026-03-02T00:00:00.000Z"')::json WHERE stream_id = 'eventRegistration-${walked.registrationId}' AND type = 'EventParticipantCheckedIn';
        ALTER TABLE events ENABLE TRIGGER USER; COMMIT;`);
      const reply = await verify({ qr: walked.qr });
      expect(reply.body.genuine).toBe(false);
      expect(failed(reply.body.checks)).toEqual(['hashMatches', 'chainVerifies']);
      expect(reply.body.reason).toMatch(/EventParticipantCheckedIn record \(revision 1\) was changed/);
    });
  });
}
