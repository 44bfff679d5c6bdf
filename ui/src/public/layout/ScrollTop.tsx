import { useTranslation } from 'react-i18next';
import { BACK_TO_TOP_PX, useScrollY } from './use-scroll.js';

/** The back-to-top control, shown after 300 px of scroll. */
export function ScrollTop() {
  const { t } = useTranslation('common');
  const y = useScrollY();
  if (y <= BACK_TO_TOP_PX) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label={t('actions.scrollTop')}
      data-testid="scroll-top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      ↑
    </button>
  );
}
