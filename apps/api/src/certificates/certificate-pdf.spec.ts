// The certificate's times are Malaysian time with the zone named, whatever the server's zone.
import { describe, expect, it } from '@jest/globals';
import { certificateMoment } from './certificate-pdf.js';
import { registrationOpenFor } from './article.decider.js';

describe('certificate PDF times', () => {
  it('gives a UTC instant as the time in Kuala Lumpur, zone shown', () => {
    expect(certificateMoment('2026-02-10T01:05:00.000Z')).toBe('10/02/2026 9:05 AM MYT (UTC+8)');
  });
  it('moves to the next day when Kuala Lumpur is past midnight', () => {
    expect(certificateMoment('2026-02-10T16:30:00.000Z')).toBe('11/02/2026 12:30 AM MYT (UTC+8)');
  });
  it('shows the empty sentinel as a dash', () => {
    expect(certificateMoment('0001-01-01T00:00:00.000Z')).toBe('-');
  });
});

describe('registration open (the list and the submit share it)', () => {
  const event = '2026-02-10T01:00:00.000Z';
  it('is open before and on the event day, closed a day after it started', () => {
    expect(registrationOpenFor(event, new Date('2026-02-09T00:00:00Z'))).toBe(true);
    expect(registrationOpenFor(event, new Date('2026-02-11T00:59:59Z'))).toBe(true);
    expect(registrationOpenFor(event, new Date('2026-02-11T01:00:00Z'))).toBe(false);
  });
});
