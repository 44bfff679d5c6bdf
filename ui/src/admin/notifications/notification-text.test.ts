// How notifications read: by module and src, else by src, else the document's status, else the src made
// readable; and every text in en, ms and zh with the same placeholders.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { movedOnFacts, notificationTitle, notificationWhat, parseEventData } from './notification-text.js';
import { asText } from '@binaan/contracts';

const LOCALES = join(import.meta.dirname, '../../shared/i18n/locales');
const notificationsIn = (language: string) =>
  (JSON.parse(readFileSync(join(LOCALES, language, 'admin.json'), 'utf8')) as { admin: { notifications: Record<string, unknown> } }).admin
    .notifications;
const leaves = (value: unknown, prefix = ''): [string, string][] =>
  typeof value === 'string'
    ? [[prefix, value]]
    : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));

/** A translate over the English file, with react-admin's `_` default and {{placeholders}}. */
const english = new Map(leaves(notificationsIn('en'), 'admin.notifications'));
const translate = (key: string, options: Record<string, unknown> = {}) => {
  const text = english.get(key) ?? (options._ as string | undefined) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => asText(options[name]));
};

describe('what a notification says happened', () => {
  it("an approval timer's notice by its event, with the overdue level, even though the status did not change", () => {
    const facts = { module: 'purchaseOrder', src: 'pendingApproval' };
    const data = { resource: 'purchaseOrder', status: 'new', awaiting_level: 20 as const };
    expect(notificationWhat(translate, { ...facts, data: { ...data, workflow_event: 'ApprovalReminderSent' } })).toBe(
      'Overdue: waiting for your approval (20)',
    );
    expect(notificationWhat(translate, { ...facts, data: { ...data, workflow_event: 'ApprovalEscalated' } })).toMatch(
      /^Overdue and passed to you/,
    );
  });

  it('tendering by its event, naming the seller or the buyer', () => {
    const tendering = new Map(
      leaves((JSON.parse(readFileSync(join(LOCALES, 'en', 'tendering.json'), 'utf8')) as { tendering: unknown }).tendering, 'tendering'),
    );
    const t = (key: string, options: Record<string, unknown> = {}) =>
      (tendering.get(key) ?? key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => asText(options[name]));
    expect(
      notificationWhat(t, {
        module: 'tender',
        src: 'invitation',
        data: { workflow_event: 'QuotationRevised', vendor_name: 'Mutiara Supplies Sdn Bhd' },
      }),
    ).toBe('Mutiara Supplies Sdn Bhd revised its quotation');
    expect(
      notificationWhat(t, {
        module: 'tender',
        src: 'received',
        data: { workflow_event: 'TenderSellerInvited', company_name: 'Teguh Bina Sdn Bhd' },
      }),
    ).toBe('Teguh Bina Sdn Bhd invites you to quote');
  });

  it('an unsuccessful seller is told so, though the tender has moved on (it always has, to the contract)', () => {
    const tendering = new Map(
      leaves((JSON.parse(readFileSync(join(LOCALES, 'en', 'tendering.json'), 'utf8')) as { tendering: unknown }).tendering, 'tendering'),
    );
    const t = (key: string, options: Record<string, unknown> = {}) =>
      (tendering.get(key) ?? (options._ as string | undefined) ?? key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) =>
        asText(options[name]),
      );
    const data = { resource: 'tender', status: 'unsuccessful', workflow_event: 'Award', company_name: 'Teguh Bina Sdn Bhd' } as const;
    expect(notificationWhat(t, { module: 'tender', src: 'received', data, now: { status: 'draftContract', awaitingLevel: null } })).toBe(
      'Teguh Bina Sdn Bhd awarded this tender to another tenderer: your quotation was unsuccessful',
    );
    // Other tendering notices still say where the tender is now.
    expect(
      notificationWhat(t, {
        module: 'tender',
        src: 'invitation',
        data: { resource: 'tender', workflow_event: 'QuotationSubmitted', vendor_name: 'Mutiara' },
        now: { status: 'comparison', awaitingLevel: null },
      }),
    ).toMatch(/^Now: /);
  });

  it('by module and src where the module has its own text', () => {
    expect(notificationWhat(translate, { module: 'user', src: 'pendingApproval', data: {} })).toBe('New user waiting for approval');
  });

  it("the inventory's by the stock machine's step, whatever page it opens", () => {
    const what = (src: string, step: string) => notificationWhat(translate, { module: 'inventory', src, data: { workflow_event: step } });
    expect(what('stockOut', 'Create')).toBe('Stock movement waiting for your confirmation');
    expect(what('transferIn', 'Confirm')).toBe('Stock confirmed, waiting to be received');
    expect(what('stockAdjustment', 'Reject')).toBe('Your stock movement was rejected');
  });

  it('by src otherwise', () => {
    expect(notificationWhat(translate, { module: 'purchaseOrder', src: 'pendingApproval', data: {} })).toBe('Waiting for your approval');
    expect(notificationWhat(translate, { module: 'invoice', src: 'rejectedByBuyer', data: {} })).toBe('Rejected by the buyer');
  });

  it("a src without a text reads as the document's status, or as the src made readable", () => {
    expect(notificationWhat(translate, { module: 'tender', src: 'all', data: { resource: 'tender', status: 'contractAwarded' } })).toBe(
      'Contract awarded',
    );
    expect(notificationWhat(translate, { module: 'businessNetwork', src: 'kivPartner2', data: {} })).toBe('Kiv partner2');
  });
});

describe('a notification whose document moved on', () => {
  it("reads as the document's status now, not as the request it was", () => {
    const now = movedOnFacts({ moved_on: true, current_status: 'pendingConfirmation', current_awaiting_level: null });
    expect(now).toEqual({ status: 'pendingConfirmation', awaitingLevel: null });
    expect(
      notificationWhat(translate, {
        module: 'purchaseOrder',
        src: 'pendingApproval',
        data: { resource: 'purchaseOrder', status: 'new' },
        now,
      }),
    ).toBe('Now: Pending confirmation');
  });

  it('in a round, with the level it now waits for', () => {
    const now = movedOnFacts({ moved_on: true, current_status: 'new', current_awaiting_level: 21 });
    const text = notificationWhat(translate, {
      module: 'purchaseOrder',
      src: 'pendingApproval',
      data: { resource: 'purchaseOrder', status: 'new' },
      now,
    });
    expect(text).toBe('Now: New, awaiting verify level 2');
  });

  it('one that has not moved on keeps its request', () => {
    expect(movedOnFacts({ moved_on: false, current_status: 'new', current_awaiting_level: 20 })).toBeNull();
    expect(movedOnFacts({})).toBeNull();
    expect(
      notificationWhat(translate, {
        module: 'purchaseOrder',
        src: 'pendingApproval',
        data: { resource: 'purchaseOrder', status: 'new' },
        now: null,
      }),
    ).toBe('Waiting for your approval');
  });
});

describe('what a notification is about', () => {
  it('the document number and description', () => {
    expect(
      notificationTitle(translate, {
        module: 'purchaseOrder',
        src: 'x',
        data: { document_no: 'PO-2026-00001', doc_description: 'Cement' },
      }),
    ).toBe('PO-2026-00001 · Cement');
  });

  it('the user who signed up, the company waiting, else just "Notifications"', () => {
    expect(notificationTitle(translate, { module: 'user', src: 'pendingApproval', data: { created_by: 'Nurul' } })).toBe('Nurul');
    expect(notificationTitle(translate, { module: 'company', src: 'pendingApproval', data: { company_name: 'Baru Consult' } })).toBe(
      'Baru Consult',
    );
    expect(notificationTitle(translate, { module: 'dashboard', src: 'x', data: {} })).toBe('Notifications');
  });

  it('event_data as the list gives it (JSON text), as a push gives it (an object), or broken', () => {
    expect(parseEventData('{"document_no":"PO-1"}')).toEqual({ document_no: 'PO-1' });
    expect(parseEventData({ document_no: 'PO-2' })).toEqual({ document_no: 'PO-2' });
    expect(parseEventData('{oops')).toEqual({});
    expect(parseEventData('[1]')).toEqual({});
  });
});

describe('the texts in en, ms and zh', () => {
  it('Malay and Chinese have every English key, translated, with the same placeholders', () => {
    const placeholders = (text: string) => text.match(/\{\{\w+\}\}/g)?.sort() ?? [];
    for (const language of ['ms', 'zh']) {
      const other = new Map(leaves(notificationsIn(language), 'admin.notifications'));
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        expect(other.get(key)!.trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(other.get(key)!), `${language} ${key}`).toEqual(placeholders(text));
      }
      const copies = [...english].filter(([key, text]) => other.get(key) === text && !/^\{\{/.test(text));
      expect(copies, language).toEqual([]);
    }
  });
});
