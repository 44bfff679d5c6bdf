// The detail cards beside the PDF (public-area.md §2.1): Registration; Issues Certificate; Check In and
// Check Out only when present. Missing values are a dash; dates DD/MM/YYYY h:mm A.

import { useTranslation } from 'react-i18next';
import type { ParticipantDetail } from '@binaan/contracts';
import { EMPTY_DATE, formatDateTime, orDash } from '../../shared/i18n/dates.js';

function Card({ title, rows, testId }: { title: string; rows: [string, string][]; testId: string }) {
  return (
    <section className="detail-card" data-testid={testId}>
      <h3>{title}</h3>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={value.length > 40 ? 'hash' : ''}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ParticipantCards({ detail }: { detail: ParticipantDetail }) {
  const { t } = useTranslation('public');
  const hasCheckIn = formatDateTime(detail.check_in) !== EMPTY_DATE;
  const hasCheckOut = formatDateTime(detail.check_out) !== EMPTY_DATE;
  return (
    <div className="detail-cards">
      <Card
        testId="card-registration"
        title={t('verify.cards.registration')}
        rows={[
          [t('verify.cards.name'), orDash(detail.name)],
          [t('verify.cards.blockchainHash'), orDash(detail.register_hash)],
          [t('verify.cards.registrationDateTime'), formatDateTime(detail.registration_datetime)],
        ]}
      />
      <Card
        testId="card-issues-certificate"
        title={t('verify.cards.issuesCertificate')}
        rows={[
          [t('verify.cards.certificateNo'), orDash(detail.certificate_no)],
          [t('verify.cards.dateTime'), formatDateTime(detail.issues_cert_datetime)],
          [t('verify.cards.hash'), orDash(detail.issues_cert_hash)],
          [t('verify.cards.approvedDateTime'), formatDateTime(detail.approve_datetime)],
        ]}
      />
      {hasCheckIn && (
        <Card
          testId="card-check-in"
          title={t('verify.cards.checkIn')}
          rows={[
            [t('verify.cards.dateTime'), formatDateTime(detail.check_in)],
            [t('verify.cards.hash'), orDash(detail.check_in_hash)],
          ]}
        />
      )}
      {hasCheckOut && (
        <Card
          testId="card-check-out"
          title={t('verify.cards.checkOut')}
          rows={[
            [t('verify.cards.dateTime'), formatDateTime(detail.check_out)],
            [t('verify.cards.hash'), orDash(detail.check_out_hash)],
          ]}
        />
      )}
    </div>
  );
}
