// The landing's advertisements (apps/api/src/advertisements): the current ones, each its 16:9 image with the
// title as its text, a link when it has one (opened in a new tab, no referrer). None current, or the list not
// answering, shows nothing: the landing is complete without them.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicAdvertisement } from '@binaan/contracts';
import { apiFetch, apiUrl } from '../../shared/api/client.js';

export function AdvertisementsSection() {
  const { t } = useTranslation('public');
  const [ads, setAds] = useState<PublicAdvertisement[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    apiFetch<PublicAdvertisement[]>('advertisements', { signal: controller.signal, token: null }).then(
      (reply) => setAds(Array.isArray(reply) ? reply : []),
      () => setAds([]),
    );
    return () => controller.abort();
  }, []);
  if (ads.length === 0) return null;
  return (
    <section className="section advertisements" aria-labelledby="advertisements-title" data-testid="landing-advertisements">
      <h2 id="advertisements-title">{t('advertisements.title')}</h2>
      <ul className="ad-grid">
        {ads.map((ad) => {
          const image = (
            <img src={apiUrl(ad.imageUrl)} alt={ad.title} width={ad.width} height={ad.height} loading="lazy" decoding="async" />
          );
          return (
            <li key={ad.id} className="ad-card" data-testid="landing-advertisement">
              {ad.linkUrl ? (
                <a href={ad.linkUrl} target="_blank" rel="noopener noreferrer" aria-label={t('advertisements.opens', { title: ad.title })}>
                  {image}
                </a>
              ) : (
                image
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
