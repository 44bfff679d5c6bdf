// Given a participant's stream (events chained as the store chains them), when a QR is verified, then each
// check's result: a genuine certificate passes all; each kind of fault fails its own check with a reason.
import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { GENESIS_HASH, hashEvent, type JsonValue, type StoredEvent } from '@binaan/event-store';
import { signingKeyOf } from './certificate-keys.js';
import { signCertificate } from './certificate-signature.js';
import { verifyCertificate, type CertificateRecord } from './certificate-verification.js';

const key = signingKeyOf(generateKeyPairSync('ed25519').privateKey);
const keys = [{ kid: key.kid, publicKey: key.publicKey, notBefore: '2026-01-01T00:00:00.000Z', notAfter: null }];
const ids = { id: 'reg1', article_id: 'art1', user_id: 'usr1', certificate_no: 'BNC-TEST' };
const seconds = Date.parse('2026-03-02T06:00:00Z') / 1000;
const signature = signCertificate(ids, seconds, key.kid, key.privateKey);
const streamId = 'eventRegistration-reg1';

function chain(steps: { type: string; data: Record<string, JsonValue> }[]): StoredEvent[] {
  let prevHash = GENESIS_HASH;
  return steps.map((step, revision) => {
    const fields = {
      id: `tx-${revision}`,
      streamId,
      streamType: 'eventRegistration',
      revision,
      type: step.type,
      data: step.data,
      metadata: { recordedAt: '2026-03-02T06:00:00.000Z' },
      prevHash,
    };
    const hash = hashEvent(fields);
    prevHash = hash;
    return { ...fields, hash, globalPosition: revision + 1 };
  });
}

const registered = {
  type: 'EventParticipantRegistered',
  data: {
    registrationId: 'reg1',
    articleId: 'art1',
    userId: 'usr1',
    name: 'Siti',
    email: 's@x.my',
    contact: '0123456789',
    companyName: '',
    at: '2026-03-01T00:00:00.000Z',
  },
};
const checkedIn = {
  type: 'EventParticipantCheckedIn',
  data: { registrationId: 'reg1', articleId: 'art1', at: '2026-03-02T01:00:00.000Z', by: 'u' },
};
const checkedOut = {
  type: 'EventParticipantCheckedOut',
  data: { registrationId: 'reg1', articleId: 'art1', at: '2026-03-02T05:00:00.000Z', by: 'u' },
};
const issued = {
  type: 'EventCertificateIssued',
  data: {
    registrationId: 'reg1',
    articleId: 'art1',
    userId: 'usr1',
    certificateNo: 'BNC-TEST',
    issuedAt: new Date(seconds * 1000).toISOString(),
    kid: key.kid,
    signature,
    by: 'u',
  },
};
const approved = {
  type: 'EventCertificateApproved',
  data: { registrationId: 'reg1', certificateNo: 'BNC-TEST', at: '2026-03-02T07:00:00.000Z', by: 'u' },
};

const record = (events: StoredEvent[]): CertificateRecord => ({
  streamId,
  events,
  head: { revision: events.length - 1, hash: events[events.length - 1]!.hash },
  rule: { kind: 'checkInAndOut' },
});
const results = (reply: ReturnType<typeof verifyCertificate>) => Object.fromEntries(reply.checks.map((c) => [c.check, c.result]));

describe('certificate verification', () => {
  const genuine = chain([registered, checkedIn, checkedOut, issued, approved]);

  it('given an approved certificate on an intact chain, every check passes', () => {
    const reply = verifyCertificate({ ...ids, signature }, keys, record(genuine));
    expect(reply).toMatchObject({ success: true, genuine: true, msg: 'certificateGenuine', id: 'reg1', reason: null });
    expect(reply.checks.every((c) => c.result === 'passed')).toBe(true);
  });

  it('given a record changed after it was recorded, the hash and chain checks fail', () => {
    const tampered = genuine.map((e) =>
      e.type === 'EventParticipantCheckedIn' ? { ...e, data: { ...(e.data as object), at: '2026-03-01T00:00:00.000Z' } } : e,
    );
    const reply = verifyCertificate({ ...ids, signature }, keys, record(tampered));
    expect(results(reply)).toMatchObject({ signature: 'passed', hashMatches: 'failed', chainVerifies: 'failed' });
    expect(reply).toMatchObject({ genuine: false, id: -1 });
    expect(reply.reason).toMatch(/EventParticipantCheckedIn.*changed/);
  });

  it('given events already hashed in their present row version, only the others are hashed again; links and head are always checked', () => {
    const tampered = genuine.map((e) =>
      e.type === 'EventParticipantCheckedIn' ? { ...e, data: { ...(e.data as object), at: '2026-03-01T00:00:00.000Z' } } : e,
    );
    // The changed row has a new version, so it is not among those already hashed: caught.
    const rehashed: number[] = [];
    const notTheChangedOne = (_e: StoredEvent, index: number) => (index === 1 ? (rehashed.push(index), false) : true);
    expect(results(verifyCertificate({ ...ids, signature }, keys, { ...record(tampered), alreadyHashed: notTheChangedOne }))).toMatchObject(
      { hashMatches: 'failed', chainVerifies: 'failed' },
    );
    expect(rehashed.length).toBeGreaterThan(0);
    // Everything already hashed: a removed last event still fails the chain (head), without hashing anything.
    const cut = { ...record(genuine), events: genuine.slice(0, 4), alreadyHashed: () => true };
    expect(results(verifyCertificate({ ...ids, signature }, keys, cut))).toMatchObject({ hashMatches: 'passed', chainVerifies: 'failed' });
    const unlinked = genuine.map((e, i) => (i === 2 ? { ...e, prevHash: genuine[0]!.hash } : e));
    expect(results(verifyCertificate({ ...ids, signature }, keys, { ...record(unlinked), alreadyHashed: () => true })).chainVerifies).toBe(
      'failed',
    );
  });

  it('given a revoked certificate, notRevoked fails with the reason', () => {
    const revoked = chain([
      registered,
      checkedIn,
      checkedOut,
      issued,
      approved,
      {
        type: 'EventCertificateRevoked',
        data: {
          registrationId: 'reg1',
          certificateNo: 'BNC-TEST',
          reason: 'Left early',
          wasApproved: true,
          at: '2026-03-03T00:00:00.000Z',
          by: 'u',
        },
      },
    ]);
    const reply = verifyCertificate({ ...ids, signature }, keys, record(revoked));
    expect(results(reply).notRevoked).toBe('failed');
    expect(reply.reason).toMatch(/Left early/);
  });

  it('given an unapproved certificate, or an event missing at the end of the chain, the matching check fails', () => {
    expect(
      results(verifyCertificate({ ...ids, signature }, keys, record(chain([registered, checkedIn, checkedOut, issued])))).approved,
    ).toBe('failed');
    const cut = { ...record(genuine), events: genuine.slice(0, 4) };
    expect(results(verifyCertificate({ ...ids, signature }, keys, cut)).chainVerifies).toBe('failed');
  });

  it('given an unknown number, certificateExists fails and the record checks do not apply', () => {
    const reply = verifyCertificate({ ...ids, signature }, keys, null);
    expect(results(reply)).toMatchObject({ certificateExists: 'failed', hashMatches: 'notApplicable', notRevoked: 'notApplicable' });
  });

  it('given an unreadable QR, only the payload check fails', () => {
    const reply = verifyCertificate(null, keys, null);
    expect(results(reply)).toMatchObject({ payload: 'failed', signature: 'notApplicable' });
    expect(reply.genuine).toBe(false);
  });
});
