// EN, BM and 中文 (the spec's landing switch shows EN and BM; Chinese is the third interface language).
import { useTranslation } from 'react-i18next';
import { LANGUAGES, changeLanguage, type Language } from '../../shared/i18n/i18n.js';

export function LanguageSwitch({ compact }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const current = (i18n.resolvedLanguage ?? i18n.language) as Language;
  return (
    <div className={`language-switch${compact ? ' compact' : ''}`} role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={language === current ? 'active' : ''}
          aria-pressed={language === current}
          title={t(`language.${language}Name`)}
          data-testid={`language-${language}`}
          onClick={() => void changeLanguage(language)}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </div>
  );
}
