// The platform reports' read models (platform-rows.ts), fed in the append's transaction and rebuilt by
// `store rebuild` from the same events: each stream type goes to its own row or fact source.
import type { Projection, StoredEvent } from '@binaan/event-store';
import { applyToRow, rowTableSql } from '../report-rows.js';
import { applyToFacts, factTableSql } from './fact-rows.js';
import { billRows, companyRows, mailRows, periodFacts, signInFacts, subscriptionRows } from './platform-rows.js';

export const platformReportsProjection: Projection = {
  name: 'platform-reports',
  eventTypes: [
    'CompanyRegistered',
    'CompanySubmissionStatusChanged',
    'CompanyDetailsRecorded',
    'CompanyDetailsEdited',
    'SubscriptionPeriodStarted',
    'SubscriptionPeriodEnded',
    'BillingRecorded',
    'BillingStatusChanged',
    'BillingPaid',
    'EmailSent',
    'EmailNotSent',
    'LoginSucceeded',
    'LoginFailed',
    'LoginRefused',
  ],
  tables: [companyRows.table, subscriptionRows.table, periodFacts.table, billRows.table, mailRows.table, signInFacts.table],
  setupSql: [
    rowTableSql(companyRows),
    rowTableSql(subscriptionRows),
    factTableSql(periodFacts),
    rowTableSql(billRows),
    rowTableSql(mailRows),
    factTableSql(signInFacts),
    // The windows' reads: by time.
    `CREATE INDEX IF NOT EXISTS ${periodFacts.table}_starts ON ${periodFacts.table} (starts_at);`,
    `CREATE INDEX IF NOT EXISTS ${billRows.table}_paid ON ${billRows.table} (paid_at);`,
    `CREATE INDEX IF NOT EXISTS ${mailRows.table}_at ON ${mailRows.table} (at);`,
    `CREATE INDEX IF NOT EXISTS ${signInFacts.table}_at ON ${signInFacts.table} (recorded_at);`,
  ].join('\n'),
  async apply(events: readonly StoredEvent[], db) {
    for (const event of events) {
      switch (event.streamType) {
        case 'company':
          await applyToRow(companyRows, event, db);
          break;
        case 'subscription':
          await applyToRow(subscriptionRows, event, db);
          await applyToFacts(periodFacts, event, db);
          break;
        case 'billing':
          await applyToRow(billRows, event, db);
          break;
        case 'mail':
          await applyToRow(mailRows, event, db);
          break;
        case 'loginAttempts':
          await applyToFacts(signInFacts, event, db);
          break;
      }
    }
  },
};
