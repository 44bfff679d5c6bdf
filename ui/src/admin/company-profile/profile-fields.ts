// What each list's entries hold, as the forms and tables show them (packages/contracts ProfileEntryInput).
import { PersonIdType, TrackRecordStatus, type ProfileList } from '@binaan/contracts';

export type FieldKind = 'text' | 'longText' | 'number' | 'date' | 'idType' | 'trackStatus';
export type FieldSpec = { name: string; kind: FieldKind; required?: boolean; inTable?: boolean };

const person: FieldSpec[] = [
  { name: 'name', kind: 'text', required: true, inTable: true },
  { name: 'idType', kind: 'idType', required: true },
  { name: 'idNumber', kind: 'text', required: true, inTable: true },
  { name: 'address', kind: 'longText', required: true },
  { name: 'designation', kind: 'text', required: true, inTable: true },
];

export const LIST_FIELDS: Record<ProfileList, FieldSpec[]> = {
  shareholders: [...person, { name: 'sharePercent', kind: 'number', required: true, inTable: true }],
  directors: [...person, { name: 'appointedDate', kind: 'date', inTable: true }],
  machinery: [
    { name: 'brand', kind: 'text', required: true, inTable: true },
    { name: 'model', kind: 'text', required: true, inTable: true },
    { name: 'type', kind: 'text', required: true, inTable: true },
    { name: 'capacity', kind: 'text', inTable: true },
    { name: 'quantity', kind: 'number', required: true, inTable: true },
    { name: 'yearMade', kind: 'number' },
  ],
  trackRecord: [
    { name: 'name', kind: 'text', required: true, inTable: true },
    { name: 'client', kind: 'text', required: true, inTable: true },
    { name: 'location', kind: 'text', required: true },
    { name: 'address', kind: 'text' },
    { name: 'type', kind: 'text', required: true },
    { name: 'status', kind: 'trackStatus', required: true, inTable: true },
    { name: 'startDate', kind: 'date', required: true },
    { name: 'endDate', kind: 'date' },
    { name: 'contractSum', kind: 'number', required: true, inTable: true },
    { name: 'details', kind: 'longText' },
  ],
};

export const EMPTY_ENTRY: Record<ProfileList, Record<string, string>> = {
  shareholders: { name: '', idType: PersonIdType.MyKad, idNumber: '', address: '', designation: '', sharePercent: '' },
  directors: { name: '', idType: PersonIdType.MyKad, idNumber: '', address: '', designation: '', appointedDate: '' },
  machinery: { brand: '', model: '', type: '', capacity: '', quantity: '1', yearMade: '' },
  trackRecord: {
    name: '',
    client: '',
    location: '',
    address: '',
    type: '',
    status: String(TrackRecordStatus.Completed),
    startDate: '',
    endDate: '',
    contractSum: '',
    details: '',
  },
};

/** The form's text values as the api takes them: numbers as numbers, empty optional dates and numbers as null. */
export function entryBody(list: ProfileList, values: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of LIST_FIELDS[list]) {
    const value = values[field.name] ?? '';
    if (field.kind === 'number' || field.kind === 'trackStatus')
      body[field.name] = value.trim() === '' ? (field.required ? undefined : null) : Number(value);
    else if (field.kind === 'date') body[field.name] = value === '' ? (field.required ? '' : null) : value;
    else body[field.name] = value;
  }
  return body;
}

export const entryValues = (list: ProfileList, entry: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    LIST_FIELDS[list].map((field) => [
      field.name,
      entry[field.name] === null || entry[field.name] === undefined ? '' : String(entry[field.name]),
    ]),
  );
