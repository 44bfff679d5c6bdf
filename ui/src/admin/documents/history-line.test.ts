// What a history line says a step did: a change of status reads "before → after"; a step that left the
// status as it was says what it did instead (a round opened, a level verified), never "New → New".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asText } from '@binaan/contracts';
import { historyChange, type HistoryStep } from './history-line.js';

const LOCALES = join(import.meta.dirname, '../../shared/i18n/locales');
const leaves = (value: unknown, prefix = ''): [string, string][] =>
  typeof value === 'string'
    ? [[prefix, value]]
    : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
const translator = (language: string) => {
  const texts = new Map(leaves(JSON.parse(readFileSync(join(LOCALES, language, 'admin.json'), 'utf8'))));
  return (key: string, options: Record<string, unknown> = {}) =>
    (texts.get(key) ?? (options._ as string | undefined) ?? key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => asText(options[name]));
};
const english = translator('en');

const step = (statusBefore: string | null, statusAfter: string | null, round: Partial<HistoryStep> = {}): HistoryStep => ({
  statusBefore,
  statusAfter,
  approvalLevel: null,
  requiredLevels: null,
  waitingLevel: null,
  ...round,
});

describe('a history line of a purchase order', () => {
  it('Request approval, which keeps the order new: the round it opened and the level it waits for', () => {
    expect(historyChange(english, 'purchaseOrder', step('new', 'new', { requiredLevels: [20, 21], waitingLevel: 20 }))).toBe(
      'Approval requested: waiting for verify level 1',
    );
  });

  it('an Approve at one level of several: the level verified and the one still to come', () => {
    expect(historyChange(english, 'purchaseOrder', step('new', 'new', { approvalLevel: 20, waitingLevel: 21 }))).toBe(
      'Verified at level 1: waiting for level 2',
    );
    expect(historyChange(english, 'purchaseOrder', step('new', 'new', { approvalLevel: 21, waitingLevel: 23 }))).toBe(
      'Verified at level 2: waiting for level 4',
    );
  });

  it('the last Approve, which sends the order to the seller: the statuses before and after', () => {
    expect(historyChange(english, 'purchaseOrder', step('new', 'pendingConfirmation', { approvalLevel: 21 }))).toBe(
      'New → Pending confirmation',
    );
  });

  it('a Resubmit that opens a round as it moves the order: the status after with the level it waits for', () => {
    expect(historyChange(english, 'purchaseOrder', step('rejected', 'new', { requiredLevels: [20], waitingLevel: 20 }))).toBe(
      'Rejected → New, awaiting verify level 1',
    );
  });

  it('a step that changes nothing of the round nor the status (the seller viewing it) says the status stayed', () => {
    expect(historyChange(english, 'purchaseOrder', step('pendingConfirmation', 'pendingConfirmation'))).toBe(
      'Status unchanged: Pending confirmation',
    );
  });

  it('a draft or an edit records no status: its action is the whole line', () => {
    expect(historyChange(english, 'purchaseOrder', step(null, null))).toBeNull();
  });

  it('reads in Malay and Chinese too, never as a status going to itself', () => {
    for (const language of ['ms', 'zh']) {
      const translate = translator(language);
      const requested = historyChange(translate, 'purchaseOrder', step('new', 'new', { requiredLevels: [20], waitingLevel: 20 }))!;
      const verified = historyChange(translate, 'purchaseOrder', step('new', 'new', { approvalLevel: 20, waitingLevel: 21 }))!;
      for (const text of [requested, verified]) {
        expect(text).not.toMatch(/→|\{\{|admin\./);
        expect(text).toContain('1');
      }
      expect(verified).toContain('2');
    }
  });
});
