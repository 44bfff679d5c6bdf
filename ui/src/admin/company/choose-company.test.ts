import { describe, expect, it } from 'vitest';
import { companyInitials } from './choose-company.js';

describe('company initials (shown where a company has no logo)', () => {
  it('takes the first two words without the legal suffix', () => {
    expect(companyInitials('Teguh Bina Sdn Bhd')).toBe('TB');
    expect(companyInitials('Seri Hartanah Berhad')).toBe('SH');
    expect(companyInitials('Kukuh Jaya Contractor Sdn. Bhd.')).toBe('KJ');
  });
  it('keeps a one-word name and never answers empty', () => {
    expect(companyInitials('binaan')).toBe('B');
    expect(companyInitials('Sdn Bhd')).toBe('S');
    expect(companyInitials('  ')).toBe('?');
  });
});
