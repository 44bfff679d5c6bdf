// Dates as the spec shows them (public-area.md §9): DD/MM/YYYY, MM/YYYY and DD/MM/YYYY h:mm A, in the
// viewer's time zone; the API's empty sentinel (01/01/0001, 0001-01-01..., or a zero timestamp) is "-".

import { asText } from '@binaan/contracts';

export const EMPTY_DATE = '-';

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '' || value === 0 || value === '0') return null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('0001-01-01') || text.startsWith('01/01/0001')) return null;
    const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
    if (dmy) return new Date(Number(dmy[3]), Number(dmy[2]) - 1, Number(dmy[1]));
  }
  const date = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(date.getTime()) || date.getFullYear() <= 1) return null;
  return date;
}

const two = (n: number) => String(n).padStart(2, '0');

export function formatDate(value: unknown): string {
  const date = toDate(value);
  return date ? `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()}` : EMPTY_DATE;
}

export function formatMonthYear(value: unknown): string {
  const date = toDate(value);
  return date ? `${two(date.getMonth() + 1)}/${date.getFullYear()}` : EMPTY_DATE;
}

export function formatDateTime(value: unknown): string {
  const date = toDate(value);
  if (!date) return EMPTY_DATE;
  const hours = date.getHours() % 12 || 12;
  return `${formatDate(date)} ${hours}:${two(date.getMinutes())} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** A value or the dash, for detail cards. */
export function orDash(value: unknown): string {
  return value === null || value === undefined || value === '' ? EMPTY_DATE : asText(value);
}

// Papers (a printed invoice, receipt or quotation) show Malaysian time whatever the viewer's zone, with the
// zone named, like the certificate PDF: the paper is read later, elsewhere, by someone else.
export const PAPER_TIME_ZONE = 'Asia/Kuala_Lumpur';
export const PAPER_ZONE_LABEL = 'MYT (UTC+8)';

function malaysianParts(value: unknown): { day: string; time: string } | null {
  const date = toDate(value);
  if (!date) return null;
  const shown = new Intl.DateTimeFormat('en-GB', {
    timeZone: PAPER_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  }).formatToParts(date);
  const part = (type: string) => shown.find((p) => p.type === type)?.value ?? '';
  return {
    day: `${part('day')}/${part('month')}/${part('year')}`,
    time: `${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`,
  };
}

/** DD/MM/YYYY of the day in Malaysia. */
export function formatMalaysianDate(value: unknown): string {
  return malaysianParts(value)?.day ?? EMPTY_DATE;
}

/** "DD/MM/YYYY h:mm A" in Malaysia, without the zone (a field's text, its label naming the zone). */
export function malaysianDateTimeText(value: unknown): string {
  const shown = malaysianParts(value);
  return shown ? `${shown.day} ${shown.time}` : EMPTY_DATE;
}

/** "DD/MM/YYYY h:mm A MYT (UTC+8)". */
export function formatMalaysianDateTime(value: unknown): string {
  const shown = malaysianParts(value);
  return shown ? `${shown.day} ${shown.time} ${PAPER_ZONE_LABEL}` : EMPTY_DATE;
}
