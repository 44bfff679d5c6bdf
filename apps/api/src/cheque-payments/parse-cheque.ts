// The cheque or bank draft as the company gives it, or 400 validationFailed naming each field.
import { ErrorCodes } from '@binaan/contracts';
import { refusal } from '../common/refusal.js';
import { CHEQUE_KINDS, type ChequeDetails, type ChequeKind } from './cheque-payments.events.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (text: string) =>
  DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
/** Bills are at most a package's price with SST; ten million ringgit leaves room and refuses a typo's extra digits. */
const MAX_AMOUNT = 1_000_000_000;

export function parseCheque(raw: unknown): ChequeDetails {
  const input = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const fields: Record<string, string[]> = {};
  const text = (name: string, max: number) => {
    const value = typeof input[name] === 'string' ? input[name].trim() : '';
    if (value === '') fields[name] = ['required'];
    else if (value.length > max) fields[name] = ['tooLong'];
    return value;
  };
  const kind = input.kind as ChequeKind;
  if (!CHEQUE_KINDS.includes(kind)) fields.kind = ['invalid'];
  const chequeNo = text('chequeNo', 40);
  const bank = text('bank', 100);
  const chequeDate = typeof input.chequeDate === 'string' ? input.chequeDate.trim() : '';
  if (!isDay(chequeDate)) fields.chequeDate = [chequeDate === '' ? 'required' : 'invalidDate'];
  const amount = input.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > MAX_AMOUNT)
    fields.amount = [amount === undefined || amount === null ? 'required' : 'invalid'];
  if (Object.keys(fields).length > 0)
    throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
  return { kind, chequeNo, chequeDate, bank, amount: amount as number };
}
