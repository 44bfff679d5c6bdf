// The first Tab stop of every page (WCAG 2.4.1): a link past the header and menu to the page's main content.
// Layouts put it first and give their <main> the id MAIN_CONTENT_ID (tabIndex -1, so focus lands there).
import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const { t } = useTranslation('common');
  const skip = (event: React.MouseEvent<HTMLAnchorElement>) => {
    // Moves focus as well as the view, so the next Tab continues from the content (the router would otherwise take the hash).
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip} data-testid="skip-link">
      {t('actions.skipToContent')}
    </a>
  );
}
