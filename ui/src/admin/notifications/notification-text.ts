// How a notification reads in the bell's list and its toast: the document (number and description, or the
// user or company it is about) and what happened, from admin.notifications.* by module and src, else by
// src alone, else the document's status label, else the src made readable. So a new kind of notification
// reads sensibly before anyone writes its text.
import type { NotificationEventData } from '@binaan/contracts';
import { humanise, statusLabel, statusWithRoundLabel } from '../catalogue/labels.js';

/**
 * Tendering notices that tell a seller an outcome (the award went to another): read by their event even though
 * the tender has moved on, which it always has (the three-browser walk found "Now: Draft contract" in its place).
 */
const TENDERING_OUTCOMES = new Set(['Award']);
const TENDERING_EVENTS = new Set(['TenderSellerInvited', 'QuotationSubmitted', 'QuotationRevised', ...TENDERING_OUTCOMES]);

/** The approval timers' notices (apps/api/src/approval-timers): an overdue level's reminder and its escalation. */
const APPROVAL_TIMER_EVENTS = new Set(['ApprovalReminderSent', 'ApprovalEscalated']);

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** `now`: the document as it is now, when it has moved on since (the list call says so). */
export type NotificationFacts = {
  module: string;
  src: string;
  data: Partial<NotificationEventData>;
  now?: { status: string; awaitingLevel: number | null } | null;
};

/** What the list call says of the document now: set only when it moved on (another status or level). */
export function movedOnFacts(event: {
  moved_on?: boolean;
  current_status?: string | null;
  current_awaiting_level?: number | null;
}): NotificationFacts['now'] {
  return event.moved_on && event.current_status
    ? { status: event.current_status, awaitingLevel: event.current_awaiting_level ?? null }
    : null;
}

export function parseEventData(value: unknown): Partial<NotificationEventData> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value;
  if (typeof value !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

export function notificationTitle(translate: Translate, { module, data }: NotificationFacts): string {
  const subject = data.document_no ?? (module === 'user' ? data.created_by : module === 'company' ? data.company_name : null);
  if (!subject) return translate('admin.notifications.title');
  return data.doc_description ? `${subject} · ${data.doc_description}` : subject;
}

export function notificationWhat(translate: Translate, { module, src, data, now }: NotificationFacts): string {
  // A document that moved on: its status now, not the request it no longer is.
  if (now && data.resource && !(data.workflow_event && TENDERING_OUTCOMES.has(data.workflow_event)))
    return translate('admin.notifications.now', {
      status: statusWithRoundLabel(translate, data.resource, now.status, now.awaitingLevel),
      _: `Now: ${now.status}`,
    });
  // The approval timers' notices read by their event: the level is overdue (a reminder, or passed to the reader).
  if (data.workflow_event && APPROVAL_TIMER_EVENTS.has(data.workflow_event)) {
    const level = data.awaiting_level ? translate(`admin.levels.${data.awaiting_level}`, { _: String(data.awaiting_level) }) : '';
    return translate(`admin.notifications.approvalTimers.${data.workflow_event}`, { level, _: humanise(data.workflow_event) });
  }
  // Tendering's notifications read by their event, naming the seller that quoted or the buyer that invited.
  if (data.workflow_event && TENDERING_EVENTS.has(data.workflow_event)) {
    return translate(`tendering.notifications.${data.workflow_event}`, {
      vendor: data.vendor_name ?? '',
      company: data.company_name ?? '',
      _: humanise(data.workflow_event),
    });
  }
  // The inventory's notices read by the stock machine's step: waiting for a confirmation, to be received, or refused.
  if (module === 'inventory' && data.workflow_event)
    return translate(`admin.notifications.inventory.${data.workflow_event}`, {
      _: translate(`admin.notifications.what.${src}`, { _: humanise(src) }),
    });
  const fallback = data.resource && data.status ? statusLabel(translate, data.resource, data.status) : humanise(src);
  const bySrc = translate(`admin.notifications.what.${src}`, { _: fallback });
  return translate(`admin.notifications.module.${module}.${src}`, { _: bySrc });
}
