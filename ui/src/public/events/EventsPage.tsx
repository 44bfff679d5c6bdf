// /events and /events/:id: the event list on its own page; /events/:id opens that event's detail.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PublicLayout } from '../layout/PublicLayout.js';
import { Counters, EventsSection } from '../landing/EventsSection.js';
import { useLandingData } from '../landing/use-landing-data.js';

export default function EventsPage() {
  const { t } = useTranslation('public');
  const data = useLandingData();
  const { id } = useParams();
  // /events/:id is that event's page: its name leads the document title (WCAG 2.4.2).
  const opened = id ? data.events?.find((e) => e.id === id) : undefined;
  return (
    <PublicLayout>
      <div className="page-title" {...(opened ? { 'data-page-title': `${opened.title} · ${t('events.title')}` } : {})}>
        <h1>{t('events.title')}</h1>
      </div>
      <Counters counters={data.counters} />
      <EventsSection events={data.events} openId={id} total={data.eventsTotal} more={data.eventsMore} />
    </PublicLayout>
  );
}
