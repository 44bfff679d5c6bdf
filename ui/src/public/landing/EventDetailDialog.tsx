// The event detail dialog: title, image carousel, location line, date line, multi-line description.
import { useTranslation } from 'react-i18next';
import type { EventListItem } from '@binaan/contracts';
import { formatDateTime } from '../../shared/i18n/dates.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { Carousel } from './Carousel.js';
import { Icon } from '../layout/Icon.js';

export function EventDetailDialog({
  event,
  onClose,
  onRegister,
}: {
  event: EventListItem | null;
  onClose: () => void;
  onRegister: (event: EventListItem) => void;
}) {
  const { t } = useTranslation('public');
  if (!event) return null;
  return (
    <Dialog
      open
      wide
      title={event.title}
      onClose={onClose}
      testId="event-detail"
      actions={
        event.registrationOpen ? (
          <button type="button" className="button primary" onClick={() => onRegister(event)} data-testid="event-register">
            {t('events.register')}
          </button>
        ) : (
          <span className="muted registration-closed" data-testid="registration-closed">
            {t('events.registrationClosed')}
          </span>
        )
      }
    >
      <Carousel images={event.otherImage} alt={event.title} />
      <p className="event-line">
        <Icon name="pin" size={16} /> <strong>{t('events.location')}:</strong> {event.location}
      </p>
      <p className="event-line">
        <Icon name="calendar" size={16} /> <strong>{t('events.date')}:</strong> {formatDateTime(event.date)}
      </p>
      <div className="event-description">{event.description}</div>
    </Dialog>
  );
}
