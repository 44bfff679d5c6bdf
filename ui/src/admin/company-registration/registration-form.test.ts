// The registration form speaks the api's language: what it sends passes the api's own rules
// (companyRegistrationErrors), what the api shows comes back into the inputs, and each failed rule (the form's
// or the api's `fields`) lands on its field as a message in the catalogue.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { companyRegistrationErrors, MalaysianState, SubscriptionType } from '@binaan/contracts';
import { describe, expect, it } from 'vitest';
import { MALAYSIAN_STATE_NAMES, stateName } from './malaysian-states.js';
import { queuePath, queueSort, refusalOutcome } from './registration-api.js';
import {
  EMPTY_REGISTRATION,
  fromRegistrationInput,
  registrationErrors,
  serverFieldErrors,
  toRegistrationInput,
  type RegistrationValues,
} from './registration-form.js';
import { ApiError } from '../../shared/api/client.js';

const NOW = new Date('2026-06-01T00:00:00Z');
const filled: RegistrationValues = {
  ...EMPTY_REGISTRATION,
  name: ' Cahaya Binaan Sdn Bhd ',
  displayName: 'Cahaya Binaan',
  companyType: '3',
  companyCode: 'cbsb',
  registrationNo: '1234567-a',
  registrationNoNew: '202001012345',
  sstNo: 'w10-1808-32000001',
  'address.line1': 'No. 12, Jalan Tukang 3',
  'address.postcode': '40150',
  'address.city': 'Shah Alam',
  'address.state': String(MalaysianState.Selangor),
  phone: '+60 3-5511 2233',
  subscriptionType: String(SubscriptionType.Buyer),
};
const english = JSON.parse(readFileSync(join(import.meta.dirname, '../../shared/i18n/locales/en/company.json'), 'utf8')) as Record<
  string,
  unknown
>;
const inCatalogue = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], english) !== undefined;

describe('the registration form', () => {
  it('sends a filled form as the api takes it: trimmed, codes in capitals, optional fields left out, passing its rules', () => {
    const input = toRegistrationInput(filled);
    expect(input).toEqual({
      name: 'Cahaya Binaan Sdn Bhd',
      displayName: 'Cahaya Binaan',
      companyType: 3,
      registrationNo: '1234567-A',
      registrationNoNew: '202001012345',
      sstNo: 'W10-1808-32000001',
      companyCode: 'CBSB',
      address: { line1: 'No. 12, Jalan Tukang 3', city: 'Shah Alam', postcode: '40150', state: MalaysianState.Selangor, country: 'MY' },
      phone: '+60 3-5511 2233',
      subscriptionType: SubscriptionType.Buyer,
    });
    expect(companyRegistrationErrors(input, NOW)).toEqual({});
    expect(registrationErrors(filled, NOW)).toEqual({});
  });

  it('asks a CIDB contractor for its grade and specialisations, and sends them only for one', () => {
    const contractor = { ...filled, subscriptionType: String(SubscriptionType.CidbContractor) };
    expect(registrationErrors(contractor, NOW)).toEqual({
      cidbGrade: 'company.errors.choose',
      cidbSpecialisations: 'company.errors.chooseSpecialisation',
    });
    const complete = { ...contractor, cidbGrade: '5', cidbSpecialisations: [3, 1] };
    expect(toRegistrationInput(complete)).toMatchObject({ cidbGrade: 5, cidbSpecialisations: [1, 3] });
    expect(registrationErrors(complete, NOW)).toEqual({});
    expect(toRegistrationInput({ ...complete, subscriptionType: '1' })).not.toHaveProperty('cidbGrade');
  });

  it('names each failed rule of an empty form by its field, with a message the catalogue has', () => {
    const errors = registrationErrors(EMPTY_REGISTRATION, NOW);
    expect(errors).toEqual({
      name: 'company.errors.required',
      displayName: 'company.errors.required',
      companyType: 'company.errors.choose',
      registrationNo: 'company.errors.invalidRegistrationNo',
      registrationNoNew: 'company.errors.invalidRegistrationNoNew',
      companyCode: 'company.errors.invalidCompanyCode',
      'address.line1': 'company.errors.required',
      'address.city': 'company.errors.required',
      'address.postcode': 'company.errors.invalidPostcode',
      'address.state': 'company.errors.choose',
      phone: 'company.errors.invalidPhone',
      subscriptionType: 'company.errors.choose',
    });
    const bad = registrationErrors(
      { ...filled, sstNo: 'W10-18', website: 'www.example', fax: '123', registrationNoNew: '202099012345' },
      NOW,
    );
    expect(bad).toEqual({
      sstNo: 'company.errors.invalidSstNo',
      website: 'company.errors.invalidWebsite',
      fax: 'company.errors.invalidPhone',
      registrationNoNew: 'company.errors.invalidRegistrationNoNew',
    });
    for (const key of [
      ...Object.values(errors),
      ...Object.values(bad),
      'company.errors.chooseSpecialisation',
      'company.errors.invalid',
      'company.errors.tooLong',
    ])
      expect(inCatalogue(key), key).toBe(true);
  });

  it("puts the api's field errors on the fields, its own English text replaced by the rule's message", () => {
    expect(
      serverFieldErrors({
        companyCode: ['invalidCompanyCode'],
        'address.postcode': ['invalidPostcode'],
        address: ['required'],
        website: ['Must be a URL'],
        other: ['x'],
      }),
    ).toEqual({
      companyCode: 'company.errors.invalidCompanyCode',
      'address.postcode': 'company.errors.invalidPostcode',
      'address.line1': 'company.errors.required',
      website: 'company.errors.invalid',
    });
    expect(refusalOutcome(new ApiError(409, 'companyCodeTaken', ''))).toEqual({ fields: { companyCode: 'error.companyCodeTaken' } });
    expect(refusalOutcome(new ApiError(409, 'companyAlreadyRegistered', ''))).toEqual({ message: 'error.companyAlreadyRegistered' });
    expect(refusalOutcome(new ApiError(400, 'validationFailed', '', { phone: ['invalidPhone'] }))).toEqual({
      fields: { phone: 'company.errors.invalidPhone' },
      message: 'company.register.fixErrors',
    });
  });

  it('shows a registration from the api back in the inputs, missing details left empty', () => {
    const contractor = { ...filled, subscriptionType: '14', cidbGrade: '7', cidbSpecialisations: [2] };
    expect(toRegistrationInput(fromRegistrationInput(toRegistrationInput(contractor)))).toEqual(toRegistrationInput(contractor));
    expect(fromRegistrationInput({ name: 'Baru Consult Sdn Bhd', registrationNo: '5678901-E' })).toEqual({
      ...EMPTY_REGISTRATION,
      name: 'Baru Consult Sdn Bhd',
      registrationNo: '5678901-E',
    });
  });
});

describe('the states and the review queue', () => {
  it('names every state and federal territory once, in each language', () => {
    expect(MALAYSIAN_STATE_NAMES.map((s) => s.value).sort((a, b) => a - b)).toEqual(Object.values(MalaysianState).sort((a, b) => a - b));
    expect([stateName(3, 'en'), stateName(3, 'ms'), stateName('3', 'zh')]).toEqual(['Penang', 'Pulau Pinang', '槟城']);
    expect(stateName(99, 'en')).toBe('99');
  });

  it('asks for waiting companies oldest submission first, any other status newest registration first', () => {
    expect(queueSort('submitted')).toEqual(['submittedAt', 'ASC']);
    expect(queueSort('approved')).toEqual(['registeredAt', 'DESC']);
    const url = new URL(queuePath({ status: 'submitted', q: ' baru ', page: 1 }), 'http://x');
    expect(url.pathname).toBe('/api/company/registrations');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ status: 'submitted', q: 'baru' });
    expect(JSON.parse(url.searchParams.get('range')!)).toEqual([25, 49]);
    expect(JSON.parse(new URL(queuePath({ status: 'inProgress', q: '', page: 0 }), 'http://x').searchParams.get('filter')!)).toEqual({
      status: 'inProgress',
    });
  });
});
