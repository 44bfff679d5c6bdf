// react-admin's translations through i18next: the ui's one i18next instance (shared/i18n), so the shared
// pages inside the signed-in area and react-admin always speak the same language. react-admin's own
// messages (ra-language-english, and admin/i18n/ra-malay.ts and ra-chinese.ts, loaded with their language)
// are converted with ra-i18n-i18next into the `raMessages` namespace; the area's labels are the `admin`
// namespace (locales/<lang>/admin.json, contractor.json for the contractor menu's pages, tendering.json for the tendering pages); error codes come from the shared `errors` namespace. Lookups go admin, raMessages,
// errors, and then English. (ra-i18n-i18next's own hook makes a second i18next instance and binds
// react-i18next to it, which would switch the public pages' instance under them; hence this provider.)
import i18next from 'i18next';
import englishMessages from 'ra-language-english';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { changeLanguage, initI18n, LANGUAGES, type Language } from '../../shared/i18n/i18n.js';

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
  // The business network.
  'network',
  'raMessages',
  'errors',
];

/** Each language by its own name, and its short form where a phone's app bar has no room for the name. */
export const ADMIN_LOCALES = [
  { locale: 'en', name: 'English', short: 'EN' },
  { locale: 'ms', name: 'Bahasa Melayu', short: 'BM' },
  { locale: 'zh', name: '简体中文', short: '中文' },
];

/** react-admin's texts per language, fetched with the language (each its own small chunk). */
const RA_MESSAGES: Record<string, () => Promise<TranslationMessages>> = {
  en: async () => englishMessages,
  ms: async () => (await import('../i18n/ra-malay.js')).malayMessages,
  zh: async () => (await import('../i18n/ra-chinese.js')).chineseMessages,
};

async function loadRaMessages(language: string): Promise<void> {
  const load = RA_MESSAGES[language];
  if (!load || i18next.hasResourceBundle(language, 'raMessages')) return;
  i18next.addResourceBundle(language, 'raMessages', convertRaTranslationsToI18next(await load()), true, true);
}

async function loadLanguage(language: string): Promise<void> {
  await Promise.all([loadRaMessages('en'), loadRaMessages(language)]);
  await i18next.loadLanguages([language, 'en']);
  // `company`, `people`, `setups`, `subscriptions`, `platform` (the admin module's pages) and `authority` (manual rules, delegations) are not here: their pages fetch them with their code (lazy-pages.tsx withTexts), out of the first load.
  await i18next.loadNamespaces(['admin', 'contractor', 'tendering', 'errors']);
}

export async function adminI18nProvider(): Promise<I18nProvider> {
  initI18n();
  if (!i18next.isInitialized) await new Promise<void>((resolve) => i18next.on('initialized', () => resolve()));
  await loadLanguage(i18next.language);
  return {
    translate(key: string, options: Record<string, unknown> = {}) {
      const { _: defaultValue, ...rest } = options;
      const count = options.smart_count;
      return i18next.t(key, {
        ns: NAMESPACES,
        ...(defaultValue !== undefined ? { defaultValue } : {}),
        // react-admin's plural count: i18next picks the plural form by `count`; the converted messages
        // still interpolate {{smart_count}}, so both are passed.
        ...(count !== undefined ? { count } : {}),
        ...rest,
      } as never) as unknown as string;
    },
    async changeLocale(locale: string) {
      await loadLanguage(locale);
      if ((LANGUAGES as readonly string[]).includes(locale)) await changeLanguage(locale as Language);
    },
    // The language chosen, not i18next's resolvedLanguage: that one reads 'en' (the bundled fallback) until the
    // chosen language's files have loaded, and react-admin's language button, which asks once, then said
    // "English" over a page in Chinese.
    getLocale: () => {
      const language = (i18next.language ?? 'en').slice(0, 2);
      return (LANGUAGES as readonly string[]).includes(language) ? language : 'en';
    },
    getLocales: () => ADMIN_LOCALES,
  };
}
