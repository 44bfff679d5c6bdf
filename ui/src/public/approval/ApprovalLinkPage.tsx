// /approval/:token — the page an approval e-mail's Approve or Reject… link opens, without signing in. It
// reads what the link is for (GET, which never acts), then asks for a plain confirmation (approve) or a
// remark (reject) before the POST, which acts as the e-mail's recipient with their authority now. The
// language of the page goes with the POST: the recipient's next approval e-mails are written in it.

import type { ApprovalLinkDescription, ApprovalLinkOutcome } from '@binaan/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatMoney } from '../../admin/format.js';
import { ApiError, apiFetch } from '../../shared/api/client.js';
import { Field } from '../../shared/forms/Field.js';
import { formatDateTime } from '../../shared/i18n/dates.js';
import { translateError } from '../../shared/i18n/i18n.js';
import { AppLink } from '../../shared/ui/AppLink.js';
import { Banner } from '../../shared/ui/Banner.js';
import { AuthLayout } from '../layout/PublicLayout.js';

type Described = Omit<ApprovalLinkDescription, 'success'>;
type Outcome = Pick<ApprovalLinkOutcome, 'action' | 'documentNo' | 'status'>;

export default function ApprovalLinkPage() {
  const { t, i18n } = useTranslation(['public', 'errors', 'common']);
  const { token = '' } = useParams();
  const path = `approval-links/${encodeURIComponent(token)}`;
  const [link, setLink] = useState<Described | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [remarkError, setRemarkError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    apiFetch<Described>(path, { token: null, signal: abort.signal })
      .then(setLink)
      .catch((caught: unknown) => {
        if ((caught as Error)?.name !== 'AbortError')
          setError(translateError(t, caught instanceof ApiError ? caught.errorCode : undefined));
      });
    return () => abort.abort();
    // The token names the link; the language changes only the words.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);

  const act = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!link) return;
    if (link.action === 'reject' && remark.trim() === '') {
      setRemarkError('public:approvalLink.remarkRequired');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body = { language: i18n.language.slice(0, 2), ...(link.action === 'reject' ? { remark: remark.trim() } : {}) };
      setOutcome(await apiFetch<Outcome>(path, { method: 'POST', token: null, body }));
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.errorCode : undefined;
      if (code === 'remarkRequired') setRemarkError('public:approvalLink.remarkRequired');
      else setError(translateError(t, code));
      // A refusal that settles the link (used, moved on, expired) shows as the link's state, without the form.
      if (code === 'approvalLinkUsed' || code === 'approvalLinkStale' || code === 'approvalLinkExpired')
        setLink({ ...link, usable: false, reason: null });
    } finally {
      setBusy(false);
    }
  };

  const kind = link ? t(`approvalLink.kind.${link.resource}`) : '';
  const title = !link
    ? t('approvalLink.title')
    : link.action === 'approve'
      ? t('approvalLink.approveTitle', { kind, number: link.documentNo })
      : t('approvalLink.rejectTitle', { kind, number: link.documentNo });

  return (
    <AuthLayout title={title}>
      <div className="form" data-testid="approval-link">
        {!link && !error && <p className="muted">{t('common:actions.loading')}</p>}
        {error && (
          <Banner kind="error" testId="approval-link-error">
            {error}
          </Banner>
        )}
        {link && (
          <dl className="approval-facts">
            <dt>{t('approvalLink.document')}</dt>
            <dd>{`${kind} ${link.documentNo}`}</dd>
            <dt>{t('approvalLink.documentTitle')}</dt>
            <dd>{link.title}</dd>
            <dt>{t('approvalLink.amount')}</dt>
            <dd>{formatMoney(link.amount, link.currency)}</dd>
            <dt>{t('approvalLink.company')}</dt>
            <dd>{link.companyName}</dd>
            <dt>{t('approvalLink.for')}</dt>
            <dd>{t('approvalLink.forValue', { name: link.recipientName, level: link.level })}</dd>
            <dt>{t('approvalLink.expires')}</dt>
            <dd>{formatDateTime(link.expiresAt)}</dd>
          </dl>
        )}
        {outcome && (
          <Banner kind="success" testId="approval-link-done">
            {t(outcome.action === 'approve' ? 'approvalLink.approved' : 'approvalLink.rejected', { number: outcome.documentNo })}
          </Banner>
        )}
        {link && !link.usable && link.reason && (
          <Banner kind="error" testId="approval-link-unusable">
            {translateError(t, link.reason)}
          </Banner>
        )}
        {link && link.usable && !outcome && (
          <form className="form" noValidate onSubmit={(event) => void act(event)}>
            {link.action === 'reject' ? (
              <Field label={t('approvalLink.remark')} error={remarkError} hint={t('approvalLink.remarkHint')}>
                {(aria) => (
                  <textarea
                    {...aria}
                    name="remark"
                    rows={4}
                    maxLength={2000}
                    required
                    value={remark}
                    onChange={(e) => {
                      setRemark(e.target.value);
                      setRemarkError(undefined);
                    }}
                  />
                )}
              </Field>
            ) : (
              <p>{t('approvalLink.approveIntro', { kind, number: link.documentNo })}</p>
            )}
            <button
              type="submit"
              className={`button block ${link.action === 'approve' ? 'primary' : 'danger'}`}
              disabled={busy}
              data-testid="approval-link-submit"
            >
              {t(link.action === 'approve' ? 'approvalLink.approve' : 'approvalLink.reject', { number: link.documentNo })}
            </button>
          </form>
        )}
        {(outcome || error || (link && !link.usable)) && (
          <p>
            <AppLink to={link ? `/${link.resource}/${link.documentId}/show` : '/auth/sign-in'}>{t('approvalLink.open')}</AppLink>
          </p>
        )}
      </div>
    </AuthLayout>
  );
}
