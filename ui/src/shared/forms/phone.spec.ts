import { describe, expect, it } from 'vitest';
import { normalisePhone, parsePhone } from '@binaan/contracts';
import { PHONE_COUNTRIES, PHONE_MASKS, PREFERRED_COUNTRY, canonicalPhone, displayPhone, isValidPhone, toStoredPhone } from './phone.js';
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
    expect(toStoredPhone('66812345678', '66', 'th')).toBe('+66812345678');
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

  // How people write one Malaysian mobile; the SMS goes to +60127714523 and people read +60 12 771 4523.
  const writings = ['+60 12-771 4523', '60 12 771 4523', '012-771 4523', '12-7714523', '+60127714523', ' (012) 771-4523 '];

  it.each(writings)('reads %j as the one E.164 number and the one display (Malaysia when no country code is given)', (typed) => {
    expect(parsePhone(typed)).toEqual({ e164: '+60127714523', international: '+60 12 771 4523', callingCode: '60' });
    expect(normalisePhone(typed)).toBe('+60127714523');
    expect(displayPhone(typed)).toBe('+60 12 771 4523');
  });

  it.each(writings)('the field, which starts with +60, stores %j typed after it as the one E.164 number', (typed) => {
    // react-phone-input-2 reports the dial code's digits followed by every digit typed.
    expect(toStoredPhone(`60${typed.replace(/\D/g, '')}`, '60', 'my')).toBe('+60127714523');
  });

  it('reads a number of another offered country with its code, with or without the +', () => {
    expect(parsePhone('+65 9123 4567')?.e164).toBe('+6591234567');
    expect(parsePhone('65 9123 4567')?.e164).toBe('+6591234567');
    expect(parsePhone('9123 4567', 'SG')?.e164).toBe('+6591234567');
    expect(toStoredPhone('659123 4567', '65', 'sg')).toBe('+6591234567');
    expect(toStoredPhone('65659123 4567', '65', 'sg')).toBe('+6591234567');
  });

  it('refuses what is no number of an offered country, and what the field shows is not the country typed', () => {
    expect(parsePhone('+1 415 555 2671')).toBeNull();
    expect(parsePhone('012-771 452')).toBeNull();
    expect(parsePhone('012 771 4523 ext. 5')).toBeNull();
    expect(parsePhone('')).toBeNull();
    // +60 is fixed in the field: a Singapore number typed after it is + and the digits, which the rules refuse.
    expect(toStoredPhone('606591234567', '60', 'my')).toBe('+606591234567');
    expect(isValidPhone(toStoredPhone('606591234567', '60', 'my'))).toBe(false);
    // Still typing: the digits so far.
    expect(toStoredPhone('6012771', '60', 'my')).toBe('+6012771');
  });

  it('shows a value that is no number as it is', () => {
    expect(displayPhone('+6012')).toBe('+6012');
    expect(displayPhone('')).toBe('');
  });
});
