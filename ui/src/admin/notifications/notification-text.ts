// How a notification reads in the bell's list and its toast: the document (number and description, or the
// user or company it is about) and what happened, from admin.notifications.* by module and src, else by
// src alone, else the document's status label, else the src made readable. So a new kind of notification
// reads sensibly before anyone writes its text.
import type { NotificationEventData } from '@binaan/contracts';
import { humanise, statusLabel } from '../catalogue/labels.js';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type NotificationFacts = { module: string; src: string; data: Partial<NotificationEventData> };

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

export function notificationWhat(translate: Translate, { module, src, data }: NotificationFacts): string {
  const fallback = data.resource && data.status ? statusLabel(translate, data.resource, data.status) : humanise(src);
  const bySrc = translate(`admin.notifications.what.${src}`, { _: fallback });
  return translate(`admin.notifications.module.${module}.${src}`, { _: bySrc });
}
