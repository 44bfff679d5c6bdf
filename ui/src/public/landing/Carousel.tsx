// The event image carousel (public-area.md §9): 3 items on desktop (1024 px and wider), 1 on tablet and
// mobile; dots; autoplay every 3000 ms when on; arrows only on desktop.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const AUTOPLAY_MS = 3000;

export function itemsPerView(width: number): number {
  return width >= 1024 ? 3 : 1;
}

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1280 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

export function Carousel({ images, alt, autoplay = true }: { images: string[]; alt: string; autoplay?: boolean }) {
  const { t } = useTranslation('public');
  const width = useViewportWidth();
  const perView = Math.min(itemsPerView(width), Math.max(1, images.length));
  const pages = Math.max(1, images.length - perView + 1);
  const [start, setStart] = useState(0);
  const arrows = width >= 1024 && pages > 1;

  useEffect(() => {
    if (!autoplay || pages <= 1) return;
    const timer = setInterval(() => setStart((s) => (s + 1) % pages), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [autoplay, pages]);

  if (images.length === 0) return <div className="carousel-empty" aria-hidden="true" />;
  const current = Math.min(start, pages - 1);
  return (
    <div className="carousel" aria-roledescription="carousel">
      <div className="carousel-track" style={{ gridTemplateColumns: `repeat(${perView}, 1fr)` }}>
        {images.slice(current, current + perView).map((src, index) => (
          <img key={`${src}-${index}`} src={src} alt={`${alt} ${current + index + 1}`} loading="lazy" />
        ))}
      </div>
      {arrows && (
        <>
          <button
            type="button"
            className="carousel-arrow prev"
            aria-label={t('events.previous')}
            onClick={() => setStart((current - 1 + pages) % pages)}
          >
            ‹
          </button>
          <button
            type="button"
            className="carousel-arrow next"
            aria-label={t('events.next')}
            onClick={() => setStart((current + 1) % pages)}
          >
            ›
          </button>
        </>
      )}
      {pages > 1 && (
        <div className="carousel-dots">
          {Array.from({ length: pages }, (_, index) => (
            <button
              key={index}
              type="button"
              aria-label={t('events.slide', { n: index + 1 })}
              aria-current={index === current}
              className={index === current ? 'active' : ''}
              onClick={() => setStart(index)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
