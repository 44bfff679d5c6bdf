import { describe, expect, it } from '@jest/globals';
import { foldCounters } from './landing-counters.js';

describe('landing counters', () => {
  it('count published events, and certificates once approved, until revoked', () => {
    const events: { type: string; data: { wasApproved?: boolean } }[] = [
      { type: 'EventArticleCreated', data: {} },
      { type: 'EventArticlePublished', data: {} },
      { type: 'EventArticleCreated', data: {} },
      { type: 'EventCertificateIssued', data: {} },
      { type: 'EventCertificateApproved', data: {} },
      { type: 'EventCertificateIssued', data: {} },
      { type: 'EventCertificateApproved', data: {} },
      { type: 'EventCertificateRevoked', data: { wasApproved: true } },
      { type: 'EventCertificateIssued', data: {} },
      { type: 'EventCertificateRevoked', data: { wasApproved: false } },
    ];
    expect(foldCounters(events)).toEqual({ events: 1, certificates: 1 });
  });
});
