// A forgotten person's name, e-mail or mobile comes from the api as the marker "[erased]" (ERASED in
// contracts). The ui never shows the marker: both JSON clients (shared/api/client.ts, admin-request.ts) pass
// every reply through `showErased`, so each page that renders a name (lists, history rows, approval routes,
// notifications, certificates) shows the reader's word for it ("erased", "dipadam", "已删除") without knowing.
// Downloads (the personal data export, PDFs) are not JSON replies and keep what the api sent.
import i18next from 'i18next';
import { ERASED } from '@binaan/contracts';

/** The word for an erased person in the reader's language (common.erased). */
export function erasedWord(): string {
  return i18next.isInitialized ? i18next.t('erased', { ns: 'common' }) : 'erased';
}

/** The value with every "[erased]" in its strings replaced by `word`; the same object when it holds none. */
export function showErased<T>(value: T, word: string = erasedWord()): T {
  if (typeof value === 'string') return (value.includes(ERASED) ? value.split(ERASED).join(word) : value) as T;
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item: unknown) => {
      const shown = showErased(item, word);
      if (shown !== item) changed = true;
      return shown;
    });
    return (changed ? next : value) as T;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const shown = showErased(item, word);
      if (shown !== item) changed = true;
      next[key] = shown;
    }
    return (changed ? next : value) as T;
  }
  return value;
}

/** A person's name for display: the reader's word when erased, "-" when there is none. */
export function formatPersonName(name: string | null | undefined): string {
  if (name === null || name === undefined || name.trim() === '') return '-';
  return showErased(name);
}
