import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { COMPARISON_LANGUAGES, STATUS_LABELS } from './comparison-workbook.js';

const uiStatuses = (language: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../../../../ui/src/shared/i18n/locales/${language}/admin.json`, import.meta.url), 'utf8')) as {
      workflow: { status: Record<string, string> };
    }
  ).workflow.status;

describe('the comparison export names a tender status as the pages do', () => {
  it.each(COMPARISON_LANGUAGES)("%s: each status the sheet can be exported in has the ui's label", (language) => {
    const ui = uiStatuses(language);
    const named = STATUS_LABELS[language];
    expect(Object.keys(named).sort()).toEqual([
      'comparison',
      'contractAwarded',
      'draftContract',
      'draftContractRejected',
      'pendingContractApproval',
    ]);
    for (const [status, label] of Object.entries(named)) expect({ status, label }).toEqual({ status, label: ui[status] });
  });
});
