// How a due time reads: before it the time, after it how long overdue in its largest whole unit, in en, ms, zh.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asText } from '@binaan/contracts';
import { dueReading, durationText } from './due-time.js';

const LOCALES = join(import.meta.dirname, '../../shared/i18n/locales');
const timersIn = (language: string) =>
  (JSON.parse(readFileSync(join(LOCALES, language, 'admin.json'), 'utf8')) as { admin: { approvalTimers: Record<string, string> } }).admin
    .approvalTimers;
/** i18next's plural keys (_one / _other) and {{placeholders}}, over one language's texts. */
const translatorFor = (language: string) => {
  const texts = timersIn(language);
  return (key: string, options: Record<string, unknown> = {}) => {
    const name = key.replace('admin.approvalTimers.', '');
    const count = options.count as number | undefined;
    const text = texts[count === undefined ? name : `${name}_${count === 1 ? 'one' : 'other'}`] ?? key;
    return text.replace(/\{\{(\w+)\}\}/g, (_m, field: string) => asText(options[field]));
  };
};
const en = translatorFor('en');
const MINUTE = 60_000;

describe('a due time', () => {
  it('reads as overdue by its largest whole unit once past', () => {
    expect(durationText(en, 2 * 24 * 60 * MINUTE + 5 * 60 * MINUTE)).toBe('2 days');
    expect(durationText(en, 24 * 60 * MINUTE)).toBe('1 day');
    expect(durationText(en, 5 * 60 * MINUTE + 59 * MINUTE)).toBe('5 hours');
    expect(durationText(en, 59 * MINUTE)).toBe('59 minutes');
    expect(durationText(en, 10_000)).toBe('1 minute');
  });

  it("takes the server's overdueBy when given, else judges dueAt at now", () => {
    const dueAt = '2026-03-03T01:00:00.000Z';
    expect(dueReading(en, dueAt, 2 * 24 * 60 * MINUTE)).toEqual({ overdue: true, text: 'Overdue by 2 days' });
    expect(dueReading(en, dueAt, undefined, Date.parse(dueAt) + 3 * 60 * MINUTE)).toEqual({ overdue: true, text: 'Overdue by 3 hours' });
    const before = dueReading(en, dueAt, 0);
    expect(before?.overdue).toBe(false);
    expect(before?.text).toMatch(/^Due \d{2}\/\d{2}\/2026/);
    expect(dueReading(en, null)).toBeNull();
  });

  it('has every text in en, ms and zh with the same placeholders', () => {
    const shape = (language: string) =>
      Object.entries(timersIn(language))
        .map(([key, text]) => `${key}:${(text.match(/\{\{\w+\}\}/g) ?? []).join(',')}`)
        .sort();
    expect(shape('ms')).toEqual(shape('en'));
    expect(shape('zh')).toEqual(shape('en'));
    expect(
      translatorFor('ms')('admin.approvalTimers.overdueBy', { duration: durationText(translatorFor('ms'), 2 * 24 * 60 * MINUTE) }),
    ).toBe('Lewat 2 hari');
    expect(
      translatorFor('zh')('admin.approvalTimers.overdueBy', { duration: durationText(translatorFor('zh'), 2 * 24 * 60 * MINUTE) }),
    ).toBe('已逾期 2 天');
  });
});
