// The registration form's values and their rules (signed-in-area.md §3.1, §5.2): what the inputs hold (text,
// as typed), the CompanyRegistrationInput the api takes, and the field errors of companyRegistrationErrors
// (packages/contracts, the api's own rules) keyed by the same field names the api answers under `fields`.
import { companyRegistrationErrors, SubscriptionType, type CompanyRegistrationInput } from '@binaan/contracts';

/** The inputs that hold one text each, named as the api names their errors. */
export const TEXT_FIELDS = [
  'name',
  'displayName',
  'companyType',
  'companyCode',
  'registrationNo',
  'registrationNoNew',
  'sstNo',
  'address.line1',
  'address.line2',
  'address.postcode',
  'address.city',
  'address.state',
  'phone',
  'fax',
  'website',
  'subscriptionType',
  'cidbGrade',
] as const;
export type TextFieldName = (typeof TEXT_FIELDS)[number];
export type FieldName = TextFieldName | 'cidbSpecialisations';
/** Form order: the first of these in error takes the focus after a refused submit. */
export const FIELD_ORDER: readonly FieldName[] = [...TEXT_FIELDS, 'cidbSpecialisations'];

export type RegistrationValues = Record<TextFieldName, string> & { cidbSpecialisations: number[] };

export const EMPTY_REGISTRATION: RegistrationValues = {
  ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as Record<TextFieldName, string>),
  cidbSpecialisations: [],
};

/** Selects: a missing choice reads "Choose one", not "Required". */
const CHOICES: readonly FieldName[] = ['companyType', 'address.state', 'subscriptionType', 'cidbGrade'];

export const isCidbContractor = (values: Pick<RegistrationValues, 'subscriptionType'>) =>
  Number(values.subscriptionType) === SubscriptionType.CidbContractor;

const number = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
/** Optional texts are left out when empty, as the api's rules expect. */
const optional = <K extends string>(key: K, text: string): Partial<Record<K, string>> =>
  text.trim() === '' ? {} : ({ [key]: text.trim() } as Record<K, string>);

/** What is sent: trimmed, the codes in capitals (the api keeps them so), the CIDB fields only for a CIDB contractor. */
export function toRegistrationInput(values: RegistrationValues): CompanyRegistrationInput {
  return {
    name: values.name.trim(),
    displayName: values.displayName.trim(),
    companyType: number(values.companyType),
    registrationNo: values.registrationNo.trim().toUpperCase(),
    registrationNoNew: values.registrationNoNew.trim(),
    ...optional('sstNo', values.sstNo.toUpperCase()),
    companyCode: values.companyCode.trim().toUpperCase(),
    address: {
      line1: values['address.line1'].trim(),
      ...optional('line2', values['address.line2']),
      city: values['address.city'].trim(),
      postcode: values['address.postcode'].trim(),
      state: number(values['address.state']),
      country: 'MY',
    },
    phone: values.phone.trim(),
    ...optional('fax', values.fax),
    ...optional('website', values.website),
    subscriptionType: number(values.subscriptionType),
    ...(isCidbContractor(values)
      ? { cidbGrade: number(values.cidbGrade), cidbSpecialisations: [...values.cidbSpecialisations].sort((a, b) => a - b) }
      : {}),
  };
}

const text = (value: string | number | undefined | null): string => (value === undefined || value === null ? '' : String(value));

/** A registration as the api shows it, back in the inputs (to edit it); missing details stay empty. */
export function fromRegistrationInput(details: Partial<CompanyRegistrationInput>): RegistrationValues {
  const address: Partial<CompanyRegistrationInput['address']> = details.address ?? {};
  return {
    name: text(details.name),
    displayName: text(details.displayName),
    companyType: text(details.companyType),
    companyCode: text(details.companyCode),
    registrationNo: text(details.registrationNo),
    registrationNoNew: text(details.registrationNoNew),
    sstNo: text(details.sstNo),
    'address.line1': text(address.line1),
    'address.line2': text(address.line2),
    'address.postcode': text(address.postcode),
    'address.city': text(address.city),
    'address.state': text(address.state),
    phone: text(details.phone),
    fax: text(details.fax),
    website: text(details.website),
    subscriptionType: text(details.subscriptionType),
    cidbGrade: text(details.cidbGrade),
    cidbSpecialisations: Array.isArray(details.cidbSpecialisations) ? [...details.cidbSpecialisations] : [],
  };
}

/** The translation key of a rule's (or the api's) message for a field: `company.errors.<key>`. */
export function errorMessageKey(field: string, key: string): string {
  if (key === 'required' && field === 'cidbSpecialisations') return 'company.errors.chooseSpecialisation';
  if (key === 'required' && (CHOICES as readonly string[]).includes(field)) return 'company.errors.choose';
  return `company.errors.${key}`;
}

/** The first failed rule of each field, as a translation key (companyRegistrationErrors, the api's rules). */
export function registrationErrors(values: RegistrationValues, now: Date = new Date()): Partial<Record<FieldName, string>> {
  const found: Partial<Record<FieldName, string>> = {};
  for (const [field, keys] of Object.entries(companyRegistrationErrors(toRegistrationInput(values), now))) {
    if ((FIELD_ORDER as readonly string[]).includes(field) && keys[0]) found[field as FieldName] = errorMessageKey(field, keys[0]);
  }
  return found;
}

/**
 * The api's field errors (`fields` of a 400) as translation keys on the form's fields; a field the form does
 * not have (`address`) goes to the first address line. A message that is not a rule key is the api's own
 * English text, not shown: the field's rule message is shown instead.
 */
export function serverFieldErrors(fields: Record<string, readonly string[]>): Partial<Record<FieldName, string>> {
  const found: Partial<Record<FieldName, string>> = {};
  for (const [field, messages] of Object.entries(fields)) {
    const target = (FIELD_ORDER as readonly string[]).includes(field)
      ? (field as FieldName)
      : field.startsWith('address')
        ? 'address.line1'
        : null;
    if (!target) continue;
    const first = messages[0] ?? 'invalid';
    found[target] ??= errorMessageKey(target, /^[a-z][A-Za-z0-9]+$/.test(first) ? first : 'invalid');
  }
  return found;
}
