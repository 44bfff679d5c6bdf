// The landing's events: counters of events and certificates, the published events as cards, the
// detail dialog and the registration dialog. Register is offered only while the api says registration is
// open (a past event's submit would only answer 409 registrationClosed).

import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventListItem } from '@binaan/contracts';
import { formatDate } from '../../shared/i18n/dates.js';
import { EventDetailDialog } from './EventDetailDialog.js';
import type { LandingData } from './use-landing-data.js';
import { Icon } from '../layout/Icon.js';

const EventRegistrationDialog = lazy(() => import('./EventRegistrationDialog.js'));

export function Counters({ counters }: { counters: LandingData['counters'] }) {
  const { t } = useTranslation('public');
  const format = (n: number | undefined) => (n === undefined ? '–' : n.toLocaleString('en-MY'));
  return (
    <section className="counters" aria-label={t('counters.label')}>
      <div className="counter" data-testid="event-counter">
        <strong>{format(counters?.event_count)}</strong>
        <span>{t('counters.events')}</span>
      </div>
      <div className="counter" data-testid="certificate-counter">
        <strong>{format(counters?.certificate_count)}</strong>
        <span>{t('counters.certificates')}</span>
      </div>
    </section>
  );
}

export function EventsSection({
  events,
  openId,
  total,
  more,
}: {
  events: EventListItem[] | null;
  openId?: string | undefined;
  total?: number | null;
  more?: boolean;
}) {
  const { t } = useTranslation('public');
  const [detail, setDetail] = useState<EventListItem | null>(null);
  const [registering, setRegistering] = useState<EventListItem | null>(null);
  useEffect(() => {
    const event = openId ? events?.find((e) => e.id === openId) : undefined;
    if (event) setDetail(event);
  }, [openId, events]);
  return (
    <section id="events" className="section" aria-labelledby="events-title">
      <h2 id="events-title">{t('events.title')}</h2>
      <p className="section-intro">{t('events.subtitle')}</p>
      {events === null && <div className="page-loading" />}
      {events?.length === 0 && <p className="muted">{t('events.empty')}</p>}
      <div className="event-grid">
        {events?.map((event) => (
          <article key={event.id} className="event-card" data-testid="event-card">
            {event.otherImage[0] ? (
              <img src={event.otherImage[0]} alt="" loading="lazy" />
            ) : (
              <div className="event-image-placeholder" aria-hidden="true">
                {event.title.slice(0, 1)}
              </div>
            )}
            <div className="event-card-body">
              <h3>{event.title}</h3>
              <p className="muted event-meta">
                <Icon name="calendar" size={15} /> {formatDate(event.date)} <Icon name="pin" size={15} /> {event.location}
              </p>
              <div className="row">
                <button type="button" className="button" onClick={() => setDetail(event)}>
                  {t('events.details')}
                </button>
                {event.registrationOpen ? (
                  <button type="button" className="button primary" onClick={() => setRegistering(event)} data-testid="event-register">
                    {t('events.register')}
                  </button>
                ) : (
                  <span className="muted registration-closed" data-testid="registration-closed">
                    {t('events.registrationClosed')}
                  </span>
                )}
              </div>
            </div>
          </article>
        ))}
      </div>
      {more && events && total ? (
        <p className="muted" data-testid="events-more">
          {t('events.more', { shown: events.length, total })}
        </p>
      ) : null}
      <EventDetailDialog
        event={detail}
        onClose={() => setDetail(null)}
        onRegister={(event) => {
          setDetail(null);
          setRegistering(event);
        }}
      />
      {registering && (
        <Suspense fallback={null}>
          <EventRegistrationDialog event={registering} onClose={() => setRegistering(null)} />
        </Suspense>
      )}
    </section>
  );
}
