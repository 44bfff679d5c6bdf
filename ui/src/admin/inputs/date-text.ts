// Dates typed as the spec shows them (signed-in-area.md §9): DD/MM/YYYY, and DD/MM/YYYY h:mm AM/PM (or 24-hour
// HH:mm) for a time, in the viewer's time zone. Browsers draw <input type="date"> in their own locale's order
// (mm/dd/yyyy in an English Chromium), so the area's date fields are text in this form. The api takes
// YYYY-MM-DD for dates and an ISO instant for times.
import { formatDate, formatDateTime } from '../../shared/i18n/dates.js';

const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const DMY_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})\s*([AaPp][Mm])?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const two = (n: number) => String(n).padStart(2, '0');

function calendarDate(d: number, m: number, y: number): Date | null {
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

/** "31/12/2026" -> "2026-12-31"; "" -> null; anything else (incomplete, 31/02) -> undefined. */
export function parseDmy(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = DMY.exec(trimmed);
  if (!match) return undefined;
  const date = calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  return date ? `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}` : undefined;
}

/** "31/12/2026 2:30 PM" (or "14:30") as its calendar fields, hours 0-23; "" -> null; anything else -> undefined. */
function dmyTimeFields(text: string): { year: number; month: number; day: number; hours: number; minutes: number } | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = DMY_TIME.exec(trimmed);
  if (!match) return undefined;
  const date = calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  let hours = Number(match[4]);
  const minutes = Number(match[5]);
  const half = match[6]?.toUpperCase();
  if (!date || minutes > 59 || (half ? hours < 1 || hours > 12 : hours > 23)) return undefined;
  if (half) hours = (hours % 12) + (half === 'PM' ? 12 : 0);
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate(), hours, minutes };
}

/** "31/12/2026 2:30 PM" (or "14:30") -> the ISO instant of that local time; "" -> null; else undefined. */
export function parseDmyTime(text: string): string | null | undefined {
  const fields = dmyTimeFields(text);
  if (!fields) return fields;
  return new Date(fields.year, fields.month - 1, fields.day, fields.hours, fields.minutes).toISOString();
}

/** Malaysia keeps UTC+8 all year (no summer time). */
const MALAYSIA_OFFSET_MS = 8 * 3_600_000;

/**
 * The same text read as Malaysian time whatever the viewer's zone: for times the company agrees on (a
 * delegation's period), shown in Malaysian time too (dates.ts formatMalaysianDateTime).
 */
export function parseMalaysianDmyTime(text: string): string | null | undefined {
  const fields = dmyTimeFields(text);
  if (!fields) return fields;
  return new Date(Date.UTC(fields.year, fields.month - 1, fields.day, fields.hours, fields.minutes) - MALAYSIA_OFFSET_MS).toISOString();
}

/** A stored value as the field shows it: YYYY-MM-DD or an ISO time as DD/MM/YYYY[ h:mm A]; other text as is. */
export function showDmy(value: unknown, withTime: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value !== 'string') return '';
  if (!withTime && ISO_DATE.test(value)) return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return withTime ? formatDateTime(value) : formatDate(value);
  return value;
}
