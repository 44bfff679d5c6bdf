import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = join(import.meta.dirname, 'locales');
const read = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(DIR, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;

/** Every leaf key path, with arrays by index (the legal sections). */
function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

const leaves = (value: unknown, prefix = ''): [string, unknown][] =>
  value === null || typeof value !== 'object'
    ? [[prefix, value]]
    : Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => leaves(inner, prefix ? `${prefix}.${key}` : key));

describe('every text in en, ms and zh', () => {
  for (const namespace of ['common', 'public', 'errors', 'legal']) {
    it(`${namespace}: ms and zh have exactly the English keys, none empty, with the same {{placeholders}}`, () => {
      const english = read('en', namespace);
      for (const language of ['ms', 'zh']) {
        const other = read(language, namespace);
        expect(keys(other).sort()).toEqual(keys(english).sort());
        const otherLeaves = new Map(leaves(other));
        for (const [key, text] of leaves(english)) {
          const translated = otherLeaves.get(key);
          expect(typeof translated === 'string' && translated.trim() !== '', `${language} ${namespace}:${key}`).toBe(true);
          const placeholders = (s: unknown) =>
            String(s)
              .match(/\{\{\w+\}\}/g)
              ?.sort() ?? [];
          expect(placeholders(translated), `${language} ${namespace}:${key}`).toEqual(placeholders(text));
        }
      }
    });
  }

  it('the Malay and Chinese texts are translations, not English copies (most differ)', () => {
    const english = new Map(leaves(read('en', 'public')));
    for (const language of ['ms', 'zh']) {
      const same = leaves(read(language, 'public')).filter(([key, text]) => english.get(key) === text);
      expect(same.length / english.size).toBeLessThan(0.1);
    }
  });

  it('every error code of the contracts has a message', async () => {
    const { ErrorCodes } = await import('@binaan/contracts');
    const messages = read('en', 'errors').error as Record<string, string>;
    const missing = Object.values(ErrorCodes).filter((code) => !(code.replace(/\./g, '') in messages));
    expect(missing).toEqual([]);
  });
});
