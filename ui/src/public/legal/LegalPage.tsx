// The legal pages (public-area.md §2.12), texts in the lazily loaded `legal` namespace: a title, an
// updated date, an introduction and numbered sections of paragraphs.

import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../layout/PublicLayout.js';

type Section = { heading: string; paragraphs: string[] };

export function LegalPage({ document }: { document: 'termsOfService' | 'termsOfUse' | 'privacyPolicy' }) {
  const { t } = useTranslation('legal');
  const sections = t(`${document}.sections`, { returnObjects: true }) as Section[];
  return (
    <PublicLayout>
      <article className="legal" data-testid={`legal-${document}`}>
        <h1>{t(`${document}.title`)}</h1>
        <p className="muted">{t('updated')}</p>
        <p>{t(`${document}.intro`)}</p>
        {Array.isArray(sections) &&
          sections.map((section, index) => (
            <section key={section.heading}>
              <h2>
                {index + 1}. {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </section>
          ))}
      </article>
    </PublicLayout>
  );
}
