// The landing's contractor directory: approved companies that chose to be listed (GET public/contractors),
// searched by trade, state and name. A trade or state applies at once; the name on Search. "Load more" asks
// for the page after the last one while the api says another follows; the new cards keep the keyboard's
// place (focus moves to the first of them). The outcome is said by a status region present from the start;
// an empty result says what to do, a failure what failed, with a retry.

import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DIRECTORY_TRADES, type ContractorDirectoryEntry, type ContractorDirectoryPage, type DirectoryTrade } from '@binaan/contracts';
import { MALAYSIAN_STATE_NAMES, stateName } from '../../admin/company-registration/malaysian-states.js';
import { ApiError, apiFetch } from '../../shared/api/client.js';
import { translateError } from '../../shared/i18n/i18n.js';
import { AppLink } from '../../shared/ui/AppLink.js';
import { useRegisterCompanyPath } from './LandingSections.js';

export const DIRECTORY_PAGE = 12;

type Filters = { trade: DirectoryTrade | ''; state: string; q: string };
type Loaded = { items: ContractorDirectoryEntry[]; next: string | null };
type Status = { kind: 'loading' } | { kind: 'ready' } | { kind: 'more' } | { kind: 'failed'; reason: string; retry: () => void };

export function directoryPath(filters: Filters, after: string | null): string {
  const params = new URLSearchParams({ limit: String(DIRECTORY_PAGE) });
  if (filters.trade) params.set('trade', filters.trade);
  if (filters.state) params.set('state', filters.state);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (after) params.set('after', after);
  return `public/contractors?${params.toString()}`;
}

/** Only a web address is a link: anything else the api might hold is shown as text. */
function webHost(website: string | null): string | null {
  if (!website || !/^https?:\/\//i.test(website)) return null;
  try {
    return new URL(website).host;
  } catch {
    return null;
  }
}

function CompanyCard({ entry, headingRef }: { entry: ContractorDirectoryEntry; headingRef?: (node: HTMLHeadingElement | null) => void }) {
  const { t, i18n } = useTranslation('public');
  const host = webHost(entry.website);
  const state = stateName(entry.state, i18n.language);
  // A town that names its federal territory (Kuala Lumpur) is said once.
  const place =
    entry.town && state.toLowerCase().includes(entry.town.toLowerCase()) ? state : [entry.town, state].filter(Boolean).join(', ');
  return (
    <li className="company-card" data-testid="directory-company">
      <h3 ref={headingRef} tabIndex={-1}>
        {entry.name}
      </h3>
      <ul className="trade-tags" aria-label={t('directory.tradesOf', { name: entry.name })}>
        {entry.trades.map((trade) => (
          <li key={trade}>{t(`directory.trades.${trade}`)}</li>
        ))}
      </ul>
      <dl className="company-facts">
        {place && (
          <div>
            <dt>{t('directory.location')}</dt>
            <dd>{place}</dd>
          </div>
        )}
        {entry.cidbGrade !== null && (
          <div>
            <dt>{t('directory.cidbGrade')}</dt>
            <dd>G{entry.cidbGrade}</dd>
          </div>
        )}
        {host && (
          <div>
            <dt>{t('directory.website')}</dt>
            <dd>
              <a href={entry.website!} target="_blank" rel="noopener noreferrer nofollow">
                {host}
              </a>
            </dd>
          </div>
        )}
      </dl>
    </li>
  );
}

export function ContractorDirectory() {
  const { t, i18n } = useTranslation(['public', 'errors']);
  const ids = { trade: useId(), state: useId(), q: useId() };
  const register = useRegisterCompanyPath();
  const [filters, setFilters] = useState<Filters>({ trade: '', state: '', q: '' });
  const [typed, setTyped] = useState('');
  const [loaded, setLoaded] = useState<Loaded>({ items: [], next: null });
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const firstNew = useRef<number | null>(null);
  const headings = useRef(new Map<number, HTMLHeadingElement>());
  const request = useRef(0);

  const load = useCallback(
    async (wanted: Filters, after: string | null) => {
      const mine = ++request.current;
      setStatus({ kind: after ? 'more' : 'loading' });
      try {
        const page = await apiFetch<ContractorDirectoryPage>(directoryPath(wanted, after), { token: null });
        if (mine !== request.current) return;
        setLoaded((before) => {
          firstNew.current = after ? before.items.length : null;
          return { items: after ? [...before.items, ...page.items] : page.items, next: page.next };
        });
        setStatus({ kind: 'ready' });
      } catch (error) {
        if (mine !== request.current) return;
        const reason =
          error instanceof ApiError && error.status === 0
            ? t('directory.unreachable')
            : translateError(t, error instanceof ApiError ? error.errorCode : undefined);
        setStatus({ kind: 'failed', reason, retry: () => void load(wanted, after) });
      }
    },
    [t],
  );

  useEffect(() => void load(filters, null), [filters, load]);

  // After "Load more", the keyboard continues at the first company it brought.
  useEffect(() => {
    if (firstNew.current === null) return;
    headings.current.get(firstNew.current)?.focus();
    firstNew.current = null;
  }, [loaded]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters((before) => ({ ...before, q: typed }));
  };
  const clear = () => {
    setTyped('');
    setFilters({ trade: '', state: '', q: '' });
  };
  const filtered = Boolean(filters.trade || filters.state || filters.q.trim());
  const busy = status.kind === 'loading' || status.kind === 'more';
  const said =
    status.kind === 'loading'
      ? t('directory.searching')
      : status.kind === 'ready'
        ? loaded.items.length === 0
          ? t('directory.emptyTitle')
          : t('directory.shown', { shown: loaded.items.length })
        : '';
  const states = [...MALAYSIAN_STATE_NAMES].map((state) => ({ value: String(state.value), name: stateName(state.value, i18n.language) }));

  return (
    <section id="directory" className="section directory" aria-labelledby="directory-title">
      <h2 id="directory-title">{t('directory.title')}</h2>
      <p className="section-intro">{t('directory.subtitle')}</p>
      <form className="directory-search" role="search" aria-label={t('directory.searchLabel')} onSubmit={search}>
        <div className="field">
          <label htmlFor={ids.trade}>{t('directory.trade')}</label>
          <select
            id={ids.trade}
            value={filters.trade}
            data-testid="directory-trade"
            onChange={(event) => setFilters((before) => ({ ...before, trade: event.target.value as DirectoryTrade | '', q: typed }))}
          >
            <option value="">{t('directory.anyTrade')}</option>
            {DIRECTORY_TRADES.map((trade) => (
              <option key={trade} value={trade}>
                {t(`directory.trades.${trade}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.state}>{t('directory.state')}</label>
          <select
            id={ids.state}
            value={filters.state}
            data-testid="directory-state"
            onChange={(event) => setFilters((before) => ({ ...before, state: event.target.value, q: typed }))}
          >
            <option value="">{t('directory.anyState')}</option>
            {states.map((state) => (
              <option key={state.value} value={state.value}>
                {state.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field directory-name">
          <label htmlFor={ids.q}>{t('directory.name')}</label>
          <input
            id={ids.q}
            type="search"
            value={typed}
            maxLength={100}
            autoComplete="off"
            data-testid="directory-q"
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <button type="submit" className="button primary" data-testid="directory-search">
          {t('directory.search')}
        </button>
      </form>

      <p className="sr-only" role="status" data-testid="directory-status">
        {said}
      </p>
      {status.kind === 'loading' && <div className="page-loading" aria-hidden="true" />}
      {status.kind === 'failed' && (
        <div className="banner banner-error directory-failed" role="alert" data-testid="directory-failed">
          <p>
            <strong>{t('directory.failedTitle')}</strong> {status.reason}
          </p>
          <button type="button" className="button" onClick={status.retry}>
            {t('directory.retry')}
          </button>
        </div>
      )}
      {status.kind === 'ready' && loaded.items.length === 0 && (
        <div className="directory-empty" data-testid="directory-empty">
          <p>
            <strong>{t('directory.emptyTitle')}</strong>
          </p>
          <p>{filtered ? t('directory.emptyFiltered') : t('directory.emptyNone')}</p>
          <p className="row">
            {filtered && (
              <button type="button" className="button" onClick={clear}>
                {t('directory.clear')}
              </button>
            )}
            <AppLink className="button primary" to={register}>
              {t('directory.join')}
            </AppLink>
          </p>
        </div>
      )}
      {loaded.items.length > 0 && status.kind !== 'loading' && (
        <ul className="company-grid" aria-labelledby="directory-title" data-testid="directory-results">
          {loaded.items.map((entry, index) => (
            <CompanyCard
              key={entry.id}
              entry={entry}
              headingRef={(node) => void (node ? headings.current.set(index, node) : headings.current.delete(index))}
            />
          ))}
        </ul>
      )}
      {loaded.next && status.kind !== 'loading' && status.kind !== 'failed' && (
        <p className="center">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void load(filters, loaded.next)}
            data-testid="directory-more"
          >
            {status.kind === 'more' ? t('directory.loadingMore') : t('directory.loadMore')}
          </button>
        </p>
      )}
      <p className="row directory-join">
        <AppLink className="button accent" to={register} data-testid="list-my-company">
          {t('directory.join')}
        </AppLink>
        <span className="muted">{t('directory.joinHint')}</span>
      </p>
    </section>
  );
}
