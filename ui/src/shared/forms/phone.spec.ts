import { describe, expect, it } from 'vitest';
import { PHONE_COUNTRIES, PHONE_MASKS, PREFERRED_COUNTRY, canonicalPhone, isValidPhone, toStoredPhone } from './phone.js';
import { validateMobileStep } from './rules.js';

describe('phone rules (public-area.md §5)', () => {
  it('offers only my, sg, th, cn, hk, au and id, with my preferred', () => {
    expect([...PHONE_COUNTRIES].sort()).toEqual(['au', 'cn', 'hk', 'id', 'my', 'sg', 'th']);
    expect(PREFERRED_COUNTRY).toBe('my');
  });

  it('masks Malaysian numbers to 10 digits and Thai numbers with dashes', () => {
    expect(PHONE_MASKS.my!.replace(/[^.]/g, '')).toHaveLength(10);
    expect(PHONE_MASKS.th).toContain('-');
  });

  it('stores + and digits, or empty when only the dial code is there', () => {
    expect(toStoredPhone('60', '60')).toBe('');
    expect(toStoredPhone('', '60')).toBe('');
    expect(toStoredPhone('+60 12-345 6789', '60')).toBe('+60123456789');
    expect(toStoredPhone('66812345678', '66')).toBe('+66812345678');
  });

  it('accepts valid numbers of the offered countries only', () => {
    expect(isValidPhone('+60123456789')).toBe(true); // MY mobile
    expect(isValidPhone('+6591234567')).toBe(true); // SG
    expect(isValidPhone('+66812345678')).toBe(true); // TH
    expect(isValidPhone('+8613812345678')).toBe(true); // CN
    expect(isValidPhone('+85251234567')).toBe(true); // HK
    expect(isValidPhone('+61412345678')).toBe(true); // AU
    expect(isValidPhone('+6281234567890')).toBe(true); // ID
    expect(isValidPhone('+14155552671')).toBe(false); // US: valid number, country not offered
    expect(isValidPhone('+6012')).toBe(false);
    expect(isValidPhone('')).toBe(false);
    expect(isValidPhone('+60abc')).toBe(false);
  });

  it('gives the canonical form the server stores', () => {
    expect(canonicalPhone('60123456789')).toBe('+60123456789');
    expect(canonicalPhone('+1 415 555 2671')).toBeNull();
  });

  it('the sign-up mobile step requires a valid phone, else the invalid-mobile message', () => {
    expect(validateMobileStep({ mobile: '' })).toEqual({ mobile: 'common:field.required' });
    expect(validateMobileStep({ mobile: '+6012' })).toEqual({ mobile: 'errors:error.invalidMobile' });
    expect(validateMobileStep({ mobile: '+60123456789' })).toEqual({});
  });
});
