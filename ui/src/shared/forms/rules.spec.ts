import { describe, expect, it } from 'vitest';
import {
  REQUIRED,
  digitsOnly,
  exactLength,
  inRange,
  isBusinessRegistrationNumber,
  isValidDate,
  maxLength,
  minLength,
  validateChangePassword,
  validateEventRegistration,
  validateResetPassword,
  validateSignIn,
  validateSignUpInfo,
} from './rules.js';

const good = { name: 'Ahmad Faizal', email: 'ahmad@binaan.my', password: 'Strong#Pass1', confirmPassword: 'Strong#Pass1', terms: true };

describe('sign-up info rules (public-area.md §5)', () => {
  it('passes a complete, valid form', () => {
    expect(validateSignUpInfo(good)).toEqual({});
  });

  it('requires every field and the terms', () => {
    expect(validateSignUpInfo({ name: '', email: '', password: '', confirmPassword: '', terms: false })).toEqual({
      name: REQUIRED,
      email: REQUIRED,
      password: REQUIRED,
      confirmPassword: REQUIRED,
      terms: REQUIRED,
    });
  });

  it('wants a full name longer than 5 characters (invalid company name message)', () => {
    expect(validateSignUpInfo({ ...good, name: 'Ali B' }).name).toBe('errors:error.invalidCompanyName');
    expect(validateSignUpInfo({ ...good, name: '  Ali B  ' }).name).toBe('errors:error.invalidCompanyName');
    expect(validateSignUpInfo({ ...good, name: 'Ali Ba' }).name).toBeUndefined();
  });

  it('checks the e-mail pattern', () => {
    for (const email of ['ahmad', 'ahmad@', '@binaan.my', 'ahmad@binaan', 'ah mad@binaan.my'])
      expect(validateSignUpInfo({ ...good, email }).email).toBe('errors:error.invalidEmail');
  });

  it('applies the password rule: 9 characters with upper, lower, digit and special', () => {
    for (const password of ['Short#1a', 'alllower#1', 'ALLUPPER#1', 'NoDigits#here', 'NoSpecial12A']) {
      expect(validateSignUpInfo({ ...good, password, confirmPassword: password }).password).toBe('errors:error.weakPassword');
    }
    expect(validateSignUpInfo({ ...good, password: 'Exact9#a', confirmPassword: 'Exact9#a' }).password).toBe('errors:error.weakPassword');
    expect(validateSignUpInfo({ ...good, password: 'Exactl9#a', confirmPassword: 'Exactl9#a' }).password).toBeUndefined();
  });

  it('wants the confirmation equal to the password', () => {
    expect(validateSignUpInfo({ ...good, confirmPassword: 'Strong#Pass2' }).confirmPassword).toBe('errors:error.passwordMismatch');
  });
});

describe('sign-in, reset and change rules', () => {
  it('sign-in needs both fields and nothing else', () => {
    expect(validateSignIn({ loginEmail: '', loginPassword: '' })).toEqual({ loginEmail: REQUIRED, loginPassword: REQUIRED });
    expect(validateSignIn({ loginEmail: 'not-checked', loginPassword: 'x' })).toEqual({});
  });

  it('reset needs a valid password and an equal confirmation', () => {
    expect(validateResetPassword({ password: 'weak', confirmPassword: 'weak' })).toEqual({ password: 'errors:error.weakPassword' });
    expect(validateResetPassword({ password: 'Strong#Pass1', confirmPassword: '' })).toEqual({ confirmPassword: REQUIRED });
  });

  it('a new password must differ from the old one', () => {
    expect(
      validateChangePassword({ oldPassword: 'Strong#Pass1', newPassword: 'Strong#Pass1', confirmPassword: 'Strong#Pass1' }).newPassword,
    ).toBe('errors:error.newPasswordSameAsOld');
    expect(validateChangePassword({ oldPassword: 'Old#Pass123', newPassword: 'Strong#Pass1', confirmPassword: 'Strong#Pass1' })).toEqual(
      {},
    );
  });

  it('the mobile variant also wants a valid phone of 12 to 20 characters and the terms ticked', () => {
    const base = { oldPassword: 'Old#Pass123', newPassword: 'Strong#Pass1', confirmPassword: 'Strong#Pass1' };
    expect(validateChangePassword({ ...base, phoneNumber: '', terms: false }, true)).toEqual({ phoneNumber: REQUIRED, terms: REQUIRED });
    // +6591234567 is a valid Singapore number but 11 characters: under the variant's 12 minimum.
    expect(validateChangePassword({ ...base, phoneNumber: '+6591234567', terms: true }, true).phoneNumber).toBe(
      'errors:error.invalidMobile',
    );
    expect(validateChangePassword({ ...base, phoneNumber: '+60123456789', terms: true }, true)).toEqual({});
    expect(validateChangePassword({ ...base, phoneNumber: '', terms: false }, false)).toEqual({});
  });
});

describe('event registration rules', () => {
  const registration = { name: 'Tan Mei Ling', email: 'mei@contoh.my', contact: '+60123456789', company_name: '' };

  it('passes with the company name left empty (optional)', () => {
    expect(validateEventRegistration(registration)).toEqual({});
  });

  it('wants a contact of 9 to 12 digits inclusive', () => {
    expect(validateEventRegistration({ ...registration, contact: '+6012345' }).contact).toBe('errors:error.invalidMobile');
    expect(validateEventRegistration({ ...registration, contact: '123456789' }).contact).toBeUndefined();
    expect(validateEventRegistration({ ...registration, contact: '+601234567890' }).contact).toBeUndefined();
    expect(validateEventRegistration({ ...registration, contact: '+6012345678901' }).contact).toBe('errors:error.invalidMobile');
  });

  it('requires name and e-mail', () => {
    expect(validateEventRegistration({ ...registration, name: ' ', email: '' })).toEqual({ name: REQUIRED, email: REQUIRED });
  });
});

describe('generic rules pass on an empty value', () => {
  it('business registration number: 1 to 10 digits, a hyphen, 1 to 3 letters or digits', () => {
    expect(isBusinessRegistrationNumber('')).toBe(true);
    expect(isBusinessRegistrationNumber('1234567-X')).toBe(true);
    expect(isBusinessRegistrationNumber('1234567890-AB1')).toBe(true);
    expect(isBusinessRegistrationNumber('12345678901-A')).toBe(false);
    expect(isBusinessRegistrationNumber('1234567-ABCD')).toBe(false);
    expect(isBusinessRegistrationNumber('1234567X')).toBe(false);
  });

  it('lengths, digits, dates and ranges', () => {
    expect([minLength(3)(''), minLength(3)('ab'), minLength(3)('abc')]).toEqual([true, false, true]);
    expect([maxLength(3)(''), maxLength(3)('abcd')]).toEqual([true, false]);
    expect([exactLength(4)(''), exactLength(4)('123'), exactLength(4)('1234')]).toEqual([true, false, true]);
    expect([digitsOnly(''), digitsOnly('0123'), digitsOnly('12a')]).toEqual([true, true, false]);
    expect([isValidDate(''), isValidDate('2026-02-30x'), isValidDate('2026-11-22'), isValidDate('0001-01-01')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect([inRange(1, 10)(''), inRange(1, 10)('0'), inRange(1, 10)('10'), inRange(1, 10)('x')]).toEqual([true, false, true, false]);
  });
});
