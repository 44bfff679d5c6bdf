// The expiry reminder: a month (30 days) before a company document's expiry date, the platform records
// `CompanyFileExpiryReminderSent` on the company's files stream (`system:company-file-expiry`), which rings
// the bell of the company's administrators (notifications/account-notices.ts), and e-mails them.
// - Due dates come from `company_file_expiry_due` (expiry-due.projection.ts), rebuilt by `store rebuild`.
// - The job runs on the process that runs the reactors (as the tender close does): a scan at start (a
//   reminder whose day came while no process ran goes then) and one every COMPANY_FILE_EXPIRY_EVERY_MS. Not
//   scheduled under NODE_ENV=test (tests call run()).
// - Once: each document is folded from its stream, judged again (kept, that expiry date, not reminded for
//   it, its day come on this clock) and appended with the revision it was read at, so a second process (or a
//   second scan) is refused by the store and records, and mails, nothing.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EXPIRY_REMINDER_DAYS, malaysianDate } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { CLOCK, READ_MODELS, type Clock } from '../../common/principal.js';
import { CompanyAccess } from '../../companies/company-access.js';
import type { ApiConfig } from '../../config.js';
import { EMAIL_SENDER, type EmailSender } from '../../messaging/messaging.ports.js';
import { API_CONFIG, EVENT_STORE } from '../../store/store.tokens.js';
import {
  COMPANY_FILES_STREAM_TYPE,
  companyFilesStream,
  foldCompanyFiles,
  type CompanyFileExpiryReminderSent,
  type DocumentOnRecord,
} from '../company-files.events.js';
import { remindOn } from './expiry-due.projection.js';

export const COMPANY_FILE_EXPIRY_ACTOR = 'system:company-file-expiry';
export const COMPANY_FILE_EXPIRY_EVERY_MS = 15 * 60_000;
const SCAN_LIMIT = 200;

export type ReminderRun = { reminded: string[]; skipped: string[] };

@Injectable()
export class CompanyFileExpiryJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CompanyFileExpiry');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ReminderRun> | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    private readonly access: CompanyAccess,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.reactors || this.config.environment === 'test') return;
    const tick = () =>
      this.run().catch((error: unknown) => {
        this.logger.error(`company file expiry: ${error instanceof Error ? error.message : String(error)}`);
      });
    void tick();
    this.timer = setInterval(() => void tick(), COMPANY_FILE_EXPIRY_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One scan (a scan already under way is joined, not doubled). */
  run(): Promise<ReminderRun> {
    this.running ??= this.remindDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async remindDue(): Promise<ReminderRun> {
    const today = malaysianDate(this.now());
    const run: ReminderRun = { reminded: [], skipped: [] };
    const due = await this.db.query<{ document_id: string; company_id: string }>(
      'SELECT document_id, company_id FROM company_file_expiry_due WHERE NOT reminded AND remind_on <= $1 ORDER BY remind_on, document_id LIMIT $2',
      [today, SCAN_LIMIT],
    );
    for (const { document_id: documentId, company_id: companyId } of due) {
      const events = await this.store.readStream(companyFilesStream(companyId));
      const document = foldCompanyFiles(events).get(documentId);
      // The read model may lag a moment behind the stream: the stream decides.
      if (
        !document ||
        document.removed !== null ||
        document.expiresOn === null ||
        document.remindedFor === document.expiresOn ||
        remindOn(document.expiresOn) > today
      ) {
        run.skipped.push(documentId);
        continue;
      }
      const data: CompanyFileExpiryReminderSent = {
        companyId,
        documentId,
        expiresOn: document.expiresOn,
        daysBefore: EXPIRY_REMINDER_DAYS,
      };
      try {
        await this.store.append({
          streamId: companyFilesStream(companyId),
          streamType: COMPANY_FILES_STREAM_TYPE,
          expectedRevision: events[events.length - 1]!.revision,
          events: [
            {
              type: 'CompanyFileExpiryReminderSent',
              data,
              metadata: { actorUserId: COMPANY_FILE_EXPIRY_ACTOR, reason: `expires on ${document.expiresOn}` },
            },
          ],
        });
      } catch (error) {
        // Another process reminded first, or the company changed its files meanwhile (the next scan judges again).
        if (!(error instanceof WrongExpectedRevision)) throw error;
        run.skipped.push(documentId);
        continue;
      }
      run.reminded.push(documentId);
      await this.mail(companyId, document);
    }
    if (run.reminded.length > 0) this.logger.log(`company file expiry: ${run.reminded.length} reminder(s) sent`);
    return run;
  }

  /** The company's administrators by e-mail; a mail server that refuses is logged (the bell has rung). */
  private async mail(companyId: string, document: DocumentOnRecord): Promise<void> {
    const [company] = await this.db.query<{ name: string }>('SELECT name FROM companies WHERE company_id = $1', [companyId]);
    const link = `${this.config.publicUrl}/administration/company`;
    for (const person of await this.access.administratorsOf(companyId)) {
      try {
        await this.email.send({
          to: person.email,
          purpose: 'company-file-expiry',
          subject: `${document.title} of ${company?.name ?? 'your company'} expires on ${document.expiresOn}`,
          text: `Hello ${person.name},\n\n${document.title} of ${company?.name ?? 'your company'} expires on ${document.expiresOn}.\nUpload the renewed document at ${link}\n\nBinaan`,
        });
      } catch (error) {
        this.logger.warn(
          `company file expiry: the e-mail to an administrator of ${companyId} was not sent: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
}
