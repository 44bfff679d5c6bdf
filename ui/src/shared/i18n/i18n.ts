// i18next for the whole ui: en (default), ms and zh; one file per area and language so the public and
// signed-in areas never edit the same file: common.json, public.json, errors.json, legal.json (public area and shared
// pieces) and admin.json (the react-admin area). English common/public/errors ship with the first page;
// every other file is fetched when a page or language needs it (keeps the landing bundle small).

import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from './locales/en/common.json';
import enPublic from './locales/en/public.json';
import enErrors from './locales/en/errors.json';

export const LANGUAGES = ['en', 'ms', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAMESPACES = ['common', 'public', 'errors', 'legal', 'admin'] as const;
export const LANGUAGE_KEY = 'binaan.language';

const lazyFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/*.json',
  '!./locales/en/common.json',
  '!./locales/en/public.json',
  '!./locales/en/errors.json',
]);

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazyFiles[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en';
  } catch {
    return 'en';
  }
}

export function initI18n(language: Language = storedLanguage()): I18n {
  if (i18next.isInitialized) return i18next;
  void i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: ['common', 'public', 'errors'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: { en: { common: enCommon, public: enPublic, errors: enErrors } },
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  i18next.on('languageChanged', (lng) => {
    try {
      localStorage.setItem(LANGUAGE_KEY, lng);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
    if (typeof document !== 'undefined') document.documentElement.lang = lng === 'zh' ? 'zh-Hans' : lng;
  });
  return i18next;
}

export function changeLanguage(language: Language): Promise<unknown> {
  return i18next.changeLanguage(language);
}

/** The message of an error code (dots removed, spec §8); unknown codes fall back to the generic message. */
export function errorKey(code: string | undefined): string {
  return `errors:error.${(code ?? 'unknownError').replace(/\./g, '')}`;
}

export function translateError(t: (key: string | string[]) => string, code: string | undefined): string {
  return t([errorKey(code), 'errors:error.unknownError']);
}
