// Shape checks shared by the document field parsers: each collects problems per field (400
// validationFailed names them all at once) and returns the parsed value, undefined when absent or bad.
import { formatQuantity, formatSen, parseMoney, parsePercent, parseQuantity } from './money.js';
import { isUuid } from '../common/uuid.js';

export type Problems = Record<string, string[]>;
export type Body = Record<string, unknown>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export function problem(problems: Problems, field: string, text: string): void {
  (problems[field] ??= []).push(text);
}

export function text(body: Body, field: string, max: number, problems: Problems, required = false, at = field): string | undefined {
  const value = body[field];
  if (value === undefined) {
    if (required) problem(problems, at, 'is required');
    return undefined;
  }
  if (typeof value !== 'string' || value.length > max || (required && value.trim() === '')) {
    problem(problems, at, `must be a string of at most ${max} characters${required ? ', not empty' : ''}`);
    return undefined;
  }
  return value.trim();
}

/** A short text that may be cleared with null (an empty string also clears it). */
export function nullableText(body: Body, field: string, max: number, problems: Problems): string | null | undefined {
  if (body[field] === null) return null;
  const value = text(body, field, max, problems);
  return value === '' ? null : value;
}

export function nullableId(body: Body, field: string, problems: Problems): string | null | undefined {
  const value = body[field];
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string' || value.length === 0 || value.length > 100) problem(problems, field, 'must be an id or null');
  return typeof value === 'string' ? value : undefined;
}

export function nullableUuid(body: Body, field: string, problems: Problems): string | null | undefined {
  const value = body[field];
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string' || !isUuid(value)) {
    problem(problems, field, 'must be a document id (UUID) or null');
    return undefined;
  }
  return value;
}

export function date(body: Body, field: string, problems: Problems, at = field): string | null | undefined {
  const value = body[field];
  if (value === undefined || value === null) return value;
  if (
    typeof value !== 'string' ||
    !DATE.test(value) ||
    Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ||
    new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value
  ) {
    problem(problems, at, 'must be a date YYYY-MM-DD');
    return undefined;
  }
  return value;
}

/** An ISO 8601 date-time with its offset ("2026-03-02T09:00:00+08:00"), kept as UTC ("...T01:00:00.000Z"). */
export function dateTime(body: Body, field: string, problems: Problems): string | null | undefined {
  const value = body[field];
  if (value === undefined || value === null) return value;
  const time = typeof value === 'string' && DATE_TIME.test(value) ? new Date(value) : null;
  if (time === null || Number.isNaN(time.getTime())) {
    problem(problems, field, 'must be a date and time with its offset, e.g. 2026-03-02T09:00:00+08:00');
    return undefined;
  }
  return time.toISOString();
}

/** Money in RM, not negative: "1234.5" -> "1234.50". */
export function money(body: Body, field: string, problems: Problems, at = field): string | null | undefined {
  const value = body[field];
  if (value === undefined || value === null) return value;
  const sen = typeof value === 'string' ? parseMoney(value) : null;
  if (sen === null || sen < 0n) {
    problem(problems, at, 'must be a decimal string with at most 2 places, not negative');
    return undefined;
  }
  return formatSen(sen);
}

/** A percentage with at most 2 places: "12.5" -> "12.50"; its range is a business rule (422), not shape. */
export function percent(body: Body, field: string, problems: Problems, at = field): string | null | undefined {
  const value = body[field];
  if (value === undefined || value === null) return value;
  const basisPoints = typeof value === 'string' ? parsePercent(value) : null;
  if (basisPoints === null) {
    problem(problems, at, 'must be a decimal string with at most 2 places');
    return undefined;
  }
  return formatSen(basisPoints);
}

/** A quantity with at most 3 places, not negative: "2.5" -> "2.500". */
export function quantity(body: Body, field: string, problems: Problems, at = field): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  const thousandths = typeof value === 'string' ? parseQuantity(value) : null;
  if (thousandths === null) {
    problem(problems, at, 'must be a decimal string with at most 3 places, not negative');
    return undefined;
  }
  return formatQuantity(thousandths);
}
