// The platform reports' own read models, fed by the events of other contexts (companies, subscriptions,
// identity, the e-mail log). They keep ids, statuses, times and sen, never a name or an address: a
// person's sealed fields (identity.personal-data.ts, mail-log.personal-data.ts) are not read at all, so
// forgetting a person or a retention day changes nothing here and a rebuild gives the same rows. A row says
// when its stream last changed it (`changed_at`), a fact when it was recorded (`recorded_at`): as of a past
// time, what had not changed since is read as it is, and only the rest replayed (section-support.ts).
import type { StoredEvent } from '@binaan/event-store';
import type { CompanyEvent } from '../../companies/company.events.js';
import type { BillingEvent, SubscriptionEvent } from '../../subscriptions/subscriptions.events.js';
import { packageTypeOf } from '../../subscriptions/package-of-company.js';
import { PACKAGE_TIERS } from '../../platform-configuration/platform-settings.js';
import type { RowSource } from '../report-rows.js';
import type { FactSource } from './fact-rows.js';

/** A company as registered: its submission status (1 to 4), its subscription type and tier (subscription_detail_type). */
export type CompanyRow = {
  stream_id: string;
  company_id: string;
  status: number;
  subscription_type: number;
  tier: string | null;
  is_demo: boolean;
  changed_at: string;
};

export const companyRows: RowSource<CompanyRow> = {
  table: 'report_platform_companies',
  columns: {
    stream_id: 'text',
    company_id: 'text',
    status: 'integer',
    subscription_type: 'integer',
    tier: 'text',
    is_demo: 'boolean',
    changed_at: 'timestamptz',
  },
  fold(row, event) {
    const data = event.data as Record<string, unknown>;
    switch (event.type as CompanyEvent['type'] | 'CompanyDetailsRecorded' | 'CompanyDetailsEdited') {
      case 'CompanyRegistered':
        return {
          stream_id: event.streamId,
          company_id: event.streamId.slice('company-'.length),
          status: 1,
          subscription_type: Number(data.subscriptionType),
          tier: String(data.subscriptionDetailType),
          is_demo: data.isDemo === true,
          changed_at: event.metadata.recordedAt,
        };
      case 'CompanySubmissionStatusChanged':
        return row && { ...row, status: Number(data.status), changed_at: event.metadata.recordedAt };
      case 'CompanyDetailsRecorded':
      case 'CompanyDetailsEdited': {
        const details = data.details as { subscriptionType?: number } | undefined;
        return row && details?.subscriptionType !== undefined
          ? { ...row, subscription_type: details.subscriptionType, changed_at: event.metadata.recordedAt }
          : row;
      }
      default:
        return row;
    }
  },
};

/** The package a subscription names: its type's (supplier or subcontractor) and its tier; null when it names no tier. */
export function packageOf(subscriptionType: number, tier: string | null): string | null {
  return tier !== null && (PACKAGE_TIERS as readonly string[]).includes(tier) ? `${packageTypeOf(subscriptionType)}-${tier}` : null;
}

/** A company's running period (stream `subscription-<companyId>`): its package, or null between periods. */
export type SubscriptionRow = {
  stream_id: string;
  company_id: string;
  package_id: string | null;
  period_from: string | null;
  changed_at: string;
};

export const subscriptionRows: RowSource<SubscriptionRow> = {
  table: 'report_platform_subscriptions',
  columns: { stream_id: 'text', company_id: 'text', package_id: 'text', period_from: 'text', changed_at: 'timestamptz' },
  fold(row, event) {
    const changed_at = event.metadata.recordedAt;
    const current = row ?? {
      stream_id: event.streamId,
      company_id: event.streamId.slice('subscription-'.length),
      package_id: null,
      period_from: null,
      changed_at,
    };
    const typed = { type: event.type, data: event.data } as SubscriptionEvent;
    if (typed.type === 'SubscriptionPeriodStarted')
      return { ...current, package_id: typed.data.packageId, period_from: typed.data.from, changed_at };
    // A period ended names itself by `from`: a change ends the old one after the new one started.
    if (typed.type === 'SubscriptionPeriodEnded')
      return typed.data.from === current.period_from
        ? { ...current, package_id: null, period_from: null, changed_at }
        : { ...current, changed_at };
    return row;
  },
};

/** One period started: when it starts and how (new, renewal, change, trial). */
export type PeriodFact = { fact_id: string; stream_id: string; recorded_at: string; starts_at: string; change: string };

export const periodFacts: FactSource<PeriodFact> = {
  table: 'report_platform_periods',
  columns: { fact_id: 'text', stream_id: 'text', recorded_at: 'timestamptz', starts_at: 'timestamptz', change: 'text' },
  facts(event) {
    if (event.type !== 'SubscriptionPeriodStarted') return [];
    const data = event.data as Extract<SubscriptionEvent, { type: 'SubscriptionPeriodStarted' }>['data'];
    return [
      {
        fact_id: event.id,
        stream_id: event.streamId,
        recorded_at: event.metadata.recordedAt,
        starts_at: new Date(data.from).toISOString(),
        change: data.change,
      },
    ];
  },
};

/** A bill (stream `billing-<invoiceNo>`): what for, its status, its amounts in sen, when paid. */
export type BillRow = {
  stream_id: string;
  kind: string;
  usage_period: string | null;
  status: string;
  subtotal: string;
  sst: string;
  total: string;
  paid_at: string | null;
  changed_at: string;
};

export const billRows: RowSource<BillRow> = {
  table: 'report_platform_bills',
  columns: {
    stream_id: 'text',
    kind: 'text',
    usage_period: 'text',
    status: 'text',
    subtotal: 'bigint',
    sst: 'bigint',
    total: 'bigint',
    paid_at: 'timestamptz',
    changed_at: 'timestamptz',
  },
  fold(row, event) {
    const typed = { type: event.type, data: event.data } as BillingEvent;
    switch (typed.type) {
      case 'BillingRecorded': {
        const usage = typed.data.kind === 'usage' ? typed.data : null;
        const amounts = typed.data.amounts;
        return {
          stream_id: event.streamId,
          kind: usage ? 'usage' : 'subscription',
          usage_period: usage ? usage.period : null,
          status: 'new',
          subtotal: String(amounts.subtotal),
          sst: String(amounts.sst),
          total: String(amounts.total),
          paid_at: null,
          changed_at: event.metadata.recordedAt,
        };
      }
      case 'BillingStatusChanged':
        return row && { ...row, status: typed.data.change.statusAfter, changed_at: event.metadata.recordedAt };
      case 'BillingPaid':
        return row && { ...row, paid_at: new Date(typed.data.paidAt).toISOString(), changed_at: event.metadata.recordedAt };
      default:
        return row;
    }
  },
};

/** One e-mail Binaan tried to send (stream `mail-<id>`): when, whether the server took it, what for. */
export type MailRow = { stream_id: string; at: string; sent: boolean; purpose: string; changed_at: string };

export const mailRows: RowSource<MailRow> = {
  table: 'report_platform_mails',
  columns: { stream_id: 'text', at: 'timestamptz', sent: 'boolean', purpose: 'text', changed_at: 'timestamptz' },
  fold(row, event) {
    if (event.type !== 'EmailSent' && event.type !== 'EmailNotSent') return row;
    const purpose = (event.data as { purpose?: unknown }).purpose;
    return {
      stream_id: event.streamId,
      at: event.metadata.recordedAt,
      sent: event.type === 'EmailSent',
      purpose: typeof purpose === 'string' ? purpose : '',
      changed_at: event.metadata.recordedAt,
    };
  },
};

/**
 * One sign-in attempt (stream `login-<address key>`): succeeded, failed (wrong credentials) or refused (a
 * locked, pending, inactive or suspended account). `stream_id` tells accounts apart without naming them.
 */
export type SignInFact = { fact_id: string; stream_id: string; recorded_at: string; outcome: 'succeeded' | 'failed' | 'refused' };

const OUTCOMES: Readonly<Record<string, SignInFact['outcome']>> = {
  LoginSucceeded: 'succeeded',
  LoginFailed: 'failed',
  LoginRefused: 'refused',
};

export const signInFacts: FactSource<SignInFact> = {
  table: 'report_platform_sign_ins',
  columns: { fact_id: 'text', stream_id: 'text', recorded_at: 'timestamptz', outcome: 'text' },
  facts(event: StoredEvent) {
    const outcome = OUTCOMES[event.type];
    return outcome ? [{ fact_id: event.id, stream_id: event.streamId, recorded_at: event.metadata.recordedAt, outcome }] : [];
  },
};
