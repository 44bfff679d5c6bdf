import { useEffect, useState } from 'react';

/** The window's vertical scroll, read on scroll (passive) and at mount. */
export function useScrollY(): number {
  const [y, setY] = useState(() => (typeof window === 'undefined' ? 0 : window.scrollY));
  useEffect(() => {
    const onScroll = () => setY(window.scrollY);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return y;
}

/** Spec §2.1 thresholds: the header shows on scroll above 20 px, the reveal header above 500 px, back-to-top after 300 px. */
export const HEADER_SCROLL_PX = 20;
export const REVEAL_HEADER_PX = 500;
export const BACK_TO_TOP_PX = 300;
