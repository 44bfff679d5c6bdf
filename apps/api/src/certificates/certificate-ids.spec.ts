import { describe, expect, it } from '@jest/globals';
import { newCertificateNo, newId, ticketCode, ticketRegistrationId } from './certificate-ids.js';

describe('identifiers', () => {
  it('certificate numbers carry 130 random bits in Crockford base 32, and do not repeat', () => {
    expect(newCertificateNo(Buffer.alloc(17, 0))).toBe(`BNC-${'0'.repeat(26)}`);
    expect(newCertificateNo(Buffer.alloc(17, 0xff))).toBe(`BNC-${'Z'.repeat(26)}`);
    const many = new Set(Array.from({ length: 2000 }, () => newCertificateNo()));
    expect(many.size).toBe(2000);
    for (const no of many) expect(no).toMatch(/^BNC-[0-9A-HJKMNP-TV-Z]{26}$/);
  });
  it('tickets name their registration only with the right MAC', () => {
    const id = newId();
    const ticket = ticketCode('k'.repeat(32), id);
    expect(ticketRegistrationId('k'.repeat(32), ticket)).toBe(id);
    expect(ticketRegistrationId('j'.repeat(32), ticket)).toBeNull();
    expect(ticketRegistrationId('k'.repeat(32), `${id}.${'A'.repeat(22)}`)).toBeNull();
    expect(ticketRegistrationId('k'.repeat(32), 'nonsense')).toBeNull();
  });
});
