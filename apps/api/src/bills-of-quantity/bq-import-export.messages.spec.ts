// Every code the Excel import/export and the scans answer has its message in en, ms and zh (ui errors.json
// `error.<code>`), and the api's own lists of codes are the contracts' (no code without a message).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { BqImportExportCodes, BqScanStatusNames } from '@binaan/contracts';
import { BqScanStatuses } from './scan/bq-scan.events.js';

const messages = (language: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../../../ui/src/shared/i18n/locales/${language}/errors.json`, import.meta.url), 'utf8')) as {
      error: Record<string, string>;
    }
  ).error;

describe('BQ import, export and scan messages', () => {
  it.each(['en', 'ms', 'zh'])('has every code in %s', (language) => {
    const catalogue = messages(language);
    expect(BqImportExportCodes.filter((code) => !catalogue[code]?.trim())).toEqual([]);
  });
  it('names the scan statuses the stream folds to', () => {
    expect([...BqScanStatuses]).toEqual([...BqScanStatusNames]);
  });
});
