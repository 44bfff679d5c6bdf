// A report's query, checked before any figure is read (spec §5.3: a report's window at most 60 days, login
// activity at most 7). Days are Malaysian days (UTC+8 all year): the window [from 00:00, the day after `to`
// 00:00) in Malaysian time. Without a window, the last 30 days ending today (login activity: the last 7).
import {
  isReportName,
  LOGIN_ACTIVITY_MAX_RANGE_DAYS,
  REPORT_MAX_RANGE_DAYS,
  ReportFormats,
  type ReportFormat,
  type ReportName,
} from '@binaan/contracts';
import { invalidFields, refusal } from '../common/refusal.js';
import type { ReportQuery } from './report-section.js';

const DAY_MS = 86_400_000;
const MALAYSIA_OFFSET_MS = 8 * 3_600_000;
const DEFAULT_DAYS = 30;
const KNOWN_KEYS = new Set(['from', 'to', 'projectId', 'counterpartyId', 'asOf', 'format', 'section']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A company's or project's id: a UUID, or the demo's readable keys (`teguh-bina`). */
const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

/** The Malaysian day (YYYY-MM-DD) an instant falls on. */
export const malaysianDay = (at: Date): string => new Date(at.getTime() + MALAYSIA_OFFSET_MS).toISOString().slice(0, 10);
/** The instant a Malaysian day begins. */
export const startOfMalaysianDay = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - MALAYSIA_OFFSET_MS);
const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The window's longest span in days for a report. */
export const maxRangeDays = (report: ReportName): number =>
  report === 'loginActivity' ? LOGIN_ACTIVITY_MAX_RANGE_DAYS : REPORT_MAX_RANGE_DAYS;

export type ParsedReportRequest = { query: ReportQuery; format: ReportFormat; section: string | null };

export function reportNameOf(name: string): ReportName {
  if (!isReportName(name)) throw refusal(404, 'reportNotFound', `There is no report "${name}".`);
  return name;
}

function validDay(value: string): boolean {
  if (!DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The query of `GET /api/reports/{report}`, checked; `companyId` is the caller's chosen company (null: the platform's). */
export function parseReportRequest(
  report: ReportName,
  raw: Record<string, unknown>,
  companyId: string | null,
  now: Date,
): ParsedReportRequest {
  const problems: Record<string, string[]> = {};
  const text = (key: string): string | null => {
    const value = raw[key];
    if (value === undefined || value === '') return null;
    if (typeof value !== 'string') {
      problems[key] = ['Give one value.'];
      return null;
    }
    return value;
  };
  for (const key of Object.keys(raw))
    if (!KNOWN_KEYS.has(key)) problems[key] = ['Not a filter of reports: from, to, projectId, counterpartyId, asOf, format, section.'];
  const fromText = text('from');
  const toText = text('to');
  for (const [key, value] of [
    ['from', fromText],
    ['to', toText],
  ] as const)
    if (value !== null && !validDay(value)) problems[key] = ['A date as YYYY-MM-DD.'];
  const projectId = text('projectId');
  const counterpartyId = text('counterpartyId');
  for (const [key, value] of [
    ['projectId', projectId],
    ['counterpartyId', counterpartyId],
  ] as const)
    if (value !== null && !ID.test(value)) problems[key] = ['An id.'];
  const asOfText = text('asOf');
  const asOf = asOfText === null ? null : new Date(asOfText);
  if (asOf && (Number.isNaN(asOf.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(asOfText!)))
    problems.asOf = ['A time as ISO 8601, e.g. 2026-03-02T17:00:00+08:00.'];
  const formatText = text('format') ?? 'json';
  if (!(ReportFormats as readonly string[]).includes(formatText)) problems.format = ['json, csv or xlsx.'];
  const section = text('section');
  if (formatText === 'csv' && section === null) problems.section = ['A CSV holds one section: name it.'];
  if (Object.keys(problems).length > 0) throw invalidFields(problems);

  if (asOf && asOf.getTime() > now.getTime())
    throw refusal(422, 'asOfInFuture', 'A report can be drawn as of now or a time past, not a time still to come.');
  const today = malaysianDay(asOf ?? now);
  // The last 30 days, or the whole window where it is shorter (login activity: its 7).
  const span = Math.min(DEFAULT_DAYS, maxRangeDays(report));
  const to = toText ?? (fromText ? addDays(fromText, span - 1) : today);
  const from = fromText ?? addDays(to, -(span - 1));
  if (to < from) throw refusal(422, 'reportRangeInverted', `The last day (${to}) is before the first (${from}).`);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  const max = maxRangeDays(report);
  if (days > max)
    throw refusal(422, 'reportRangeTooLong', `This report covers at most ${max} days; ${from} to ${to} is ${days}.`, { maxDays: max });
  return {
    query: {
      report,
      companyId,
      from,
      to,
      fromAt: startOfMalaysianDay(from),
      toBefore: startOfMalaysianDay(addDays(to, 1)),
      projectId,
      counterpartyId,
      asOf,
      now,
    },
    format: formatText as ReportFormat,
    section,
  };
}
