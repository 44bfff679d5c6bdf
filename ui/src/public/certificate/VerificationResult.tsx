// The verdict in plain words: genuine or not genuine, why, and every check the server recomputed with
// its result (passed, failed, not applicable).

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifyCertificateReply } from '@binaan/contracts';

const MARK = { passed: '✔', failed: '✘', notApplicable: '–' } as const;

export function VerificationResult({ reply }: { reply: VerifyCertificateReply }) {
  const { t } = useTranslation('public');
  const firstFailure = reply.checks.find((check) => check.result === 'failed');
  // The upload or camera control that had focus is gone once the verdict shows: focus continues from the verdict.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus({ preventScroll: true }), []);
  return (
    <section className={`verdict ${reply.genuine ? 'genuine' : 'not-genuine'}`} data-testid="verdict" data-genuine={reply.genuine}>
      <div className="verdict-head">
        <span className="verdict-mark" aria-hidden="true">
          {reply.genuine ? '✔' : '✘'}
        </span>
        <div>
          <h3 data-testid="verdict-title" ref={title} tabIndex={-1}>
            {reply.genuine ? t('verify.genuine') : t('verify.notGenuine')}
          </h3>
          <p>
            {reply.genuine
              ? t('verify.genuineBody')
              : firstFailure
                ? t(`verify.checkExplain.${firstFailure.check}`)
                : t('verify.notGenuineBody')}
          </p>
        </div>
      </div>
      <h4>{t('verify.checksTitle')}</h4>
      <ul className="checks" data-testid="checks">
        {reply.checks.map((check) => (
          <li
            key={check.check}
            className={`check ${check.result}`}
            data-check={check.check}
            data-result={check.result}
            title={check.reason ?? ''}
          >
            <span className="check-mark" aria-hidden="true">
              {MARK[check.result]}
            </span>
            <span className="check-name">{t(`verify.check.${check.check}`)}</span>
            <span className="check-result">{t(`verify.result.${check.result}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
