// Every text of the signed-in area exists in Malay and Chinese: the area's own labels (locales/<lang>/admin.json,
// contractor.json)
// and react-admin's messages (ra-language-english against ra-malay.ts and ra-chinese.ts). A key added to the
// English side and forgotten in either language fails here, and so does a lost {{placeholder}}.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance } from 'i18next';
import englishMessages from 'ra-language-english';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import { describe, expect, it } from 'vitest';
import { chineseMessages } from './ra-chinese.js';
import { malayMessages } from './ra-malay.js';

type Tree = Record<string, unknown>;
const LOCALES = join(import.meta.dirname, '..', '..', 'shared', 'i18n', 'locales');
const localeFile = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8')) as Tree;
const ra = (messages: object) => convertRaTranslationsToI18next(messages) as Tree;

const leaves = (value: unknown, prefix = ''): [string, string][] =>
  value !== null && typeof value === 'object'
    ? Object.entries(value as Tree).flatMap(([key, inner]) => leaves(inner, prefix ? `${prefix}.${key}` : key))
    : [[prefix, String(value)]];

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** English leaves grouped by their key without i18next's plural suffix: `updated_one`, `updated_other` -> `updated`. */
function byBaseKey(tree: Tree): Map<string, string[]> {
  const grouped = new Map<string, string[]>();
  for (const [key, text] of leaves(tree)) grouped.set(key.replace(PLURAL, ''), [...(grouped.get(key.replace(PLURAL, '')) ?? []), text]);
  return grouped;
}
const placeholders = (text: string) => new Set(text.match(/\{\{\w+\}\}/g) ?? []);

const bundles = (language: string, raMessages: Tree) => ({
  admin: localeFile(language, 'admin'),
  contractor: localeFile(language, 'contractor'),
  tendering: localeFile(language, 'tendering'),
  company: localeFile(language, 'company'),
  people: localeFile(language, 'people'),
  setups: localeFile(language, 'setups'),
  subscriptions: localeFile(language, 'subscriptions'),
  platform: localeFile(language, 'platform'),
  reports: localeFile(language, 'reports'),
  authority: localeFile(language, 'authority'),
  inventory: localeFile(language, 'inventory'),
  vendors: localeFile(language, 'vendors'),
  network: localeFile(language, 'network'),
  raMessages,
});
const OTHERS = { ms: bundles('ms', ra(malayMessages)), zh: bundles('zh', ra(chineseMessages)) };
const ENGLISH = bundles('en', ra(englishMessages));
const NAMESPACES = [
  'admin',
  'contractor',
  'tendering',
  'company',
  'people',
  'setups',
  'subscriptions',
  'platform',
  'reports',
  'authority',
  'inventory',
  'vendors',
  'network',
  'raMessages',
] as const;

describe.each(Object.entries(OTHERS))('%s has every English text of the signed-in area', (language, theirBundles) => {
  for (const ns of NAMESPACES) {
    it(`${ns}: every key, not empty, with the English placeholders`, () => {
      const theirs = new Map(leaves(theirBundles[ns]).map(([key, text]) => [key.replace(PLURAL, ''), text]));
      const missing: string[] = [];
      const wrong: string[] = [];
      for (const [key, forms] of byBaseKey(ENGLISH[ns])) {
        const text = theirs.get(key);
        if (text === undefined || (text.trim() === '' && forms.some((f) => f.trim() !== ''))) {
          missing.push(key);
          continue;
        }
        // Placeholders every English form has must be kept; none the English lacks may appear.
        const all = new Set(forms.flatMap((f) => [...placeholders(f)]));
        const common = [...all].filter((p) => forms.every((f) => placeholders(f).has(p)));
        const own = placeholders(text);
        if (common.some((p) => !own.has(p)) || [...own].some((p) => !all.has(p))) wrong.push(`${key}: ${text}`);
      }
      expect(missing, `${language} ${ns} keys missing`).toEqual([]);
      expect(wrong, `${language} ${ns} placeholders`).toEqual([]);
    });
  }

  it('i18next finds each of them in the language itself (no fallback to English), plural keys included', async () => {
    const i18n = createInstance();
    await i18n.init({
      lng: language,
      fallbackLng: false,
      resources: { [language]: theirBundles },
      ns: [...NAMESPACES],
      interpolation: { escapeValue: false },
    });
    const notFound = NAMESPACES.flatMap((ns) => [...byBaseKey(ENGLISH[ns]).keys()]).filter(
      (key) => !i18n.exists(key, { ns: [...NAMESPACES], count: 2 }) || !i18n.exists(key, { ns: [...NAMESPACES], count: 1 }),
    );
    expect(notFound).toEqual([]);
    expect(i18n.t('ra.navigation.page_range_info', { ns: 'raMessages', offsetBegin: 1, offsetEnd: 25, total: 40 })).not.toBe('1-25 of 40');
  });

  it('the texts are translations, not English copies (almost all differ)', () => {
    for (const ns of NAMESPACES) {
      const english = new Map(leaves(ENGLISH[ns]).map(([key, text]) => [key.replace(PLURAL, ''), text]));
      const same = leaves(theirBundles[ns]).filter(
        ([key, text]) => english.get(key.replace(PLURAL, '')) === text && /[a-z]{3}/i.test(text),
      );
      expect(same.length / english.size, `${language} ${ns}: ${same.map(([k]) => k).join(', ')}`).toBeLessThan(0.05);
    }
  });
});

// Our catalogues go through i18next, whose placeholders are {{name}}: react-admin's polyglot %{name} is shown
// as it stands (the capped list total once read "%{from}-%{to} of %{cap} or more").
describe("the area's own catalogues", () => {
  it.each(['en', 'ms', 'zh'])('%s: no text uses the %%{placeholder} form', (language) => {
    const polyglot = ['admin', 'contractor'].flatMap((ns) =>
      leaves(localeFile(language, ns))
        .filter(([, text]) => text.includes('%{'))
        .map(([key]) => `${ns}:${key}`),
    );
    expect(polyglot).toEqual([]);
  });

  // Nor polyglot's "one |||| many" plurals: i18next shows them whole ("Peringkat projek |||| Peringkat projek" in the
  // project authority history); its own plurals are keys with _one and _other.
  it.each(['en', 'ms', 'zh'])('%s: no text uses the "||||" plural form, and a resource name reads as one', async (language) => {
    const polyglot = ['admin', 'contractor', 'tendering'].flatMap((ns) =>
      leaves(localeFile(language, ns))
        .filter(([, text]) => text.includes('||||'))
        .map(([key]) => `${ns}:${key}`),
    );
    expect(polyglot).toEqual([]);
    const i18n = createInstance();
    await i18n.init({
      lng: language,
      fallbackLng: false,
      resources: { [language]: { admin: localeFile(language, 'admin') } },
      ns: ['admin'],
      interpolation: { escapeValue: false },
    });
    const one = { en: 'Project stage', ms: 'Peringkat projek', zh: '项目阶段' }[language];
    expect([
      i18n.t('resources.projectStage.name', { ns: 'admin', count: 1 }),
      i18n.t('resources.projectStage.name', { ns: 'admin' }),
    ]).toEqual([one, one]);
  });
});
