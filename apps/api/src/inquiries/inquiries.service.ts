// Inquiries: received from the public contact form (after the human check), acknowledged by e-mail, and
// closed, cancelled or reopened by a platform administrator through the inquiry machine.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCodes, type InquiryReceivedReply, type InquiryRow, type WorkflowStatusChanged } from '@binaan/contracts';
import type { EventStore, JsonValue, SqlExecutor } from '@binaan/event-store';
import type { Actor } from '@binaan/workflows';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { HUMAN_CHECK, type HumanCheck } from '../human-check/human-check.port.js';
import { EMAIL_SENDER, type EmailSender } from '../messaging/messaging.ports.js';
import { requireAdminRight } from '../platform-staff/admin-rights.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { checkInquiry, decideAction, decideReceive, foldInquiry } from './inquiry.decider.js';
import { INQUIRY_STREAM_TYPE, type InquiryContent } from './inquiry.events.js';
import { inquiryRow, type InquirySql } from './inquiry-list.js';
import { isUuid } from '../common/uuid.js';

/** The acknowledgement's words, in the language the sender wrote in. */
const ACKNOWLEDGEMENT: Record<string, { subject: string; body: (name: string, subject: string) => string }> = {
  en: {
    subject: 'We received your message',
    body: (name, subject) =>
      `Hello ${name},\n\nThank you for writing to Binaan about "${subject}". We will answer you at this address.\n\nBinaan`,
  },
  ms: {
    subject: 'Kami telah menerima mesej anda',
    body: (name, subject) =>
      `Salam ${name},\n\nTerima kasih kerana menghubungi Binaan tentang "${subject}". Kami akan membalas ke alamat ini.\n\nBinaan`,
  },
  zh: {
    subject: '我们已收到您的留言',
    body: (name, subject) => `${name}，您好：\n\n感谢您就"${subject}"联系 Binaan。我们会回复至此邮箱。\n\nBinaan`,
  },
};

export type InquiryDetail = InquiryRow & {
  history: { status: string; event: string; at: string; actorUserId: string; remark: string | null }[];
};

@Injectable()
export class InquiriesService {
  private readonly logger = new Logger('inquiries');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(HUMAN_CHECK) private readonly humanCheck: HumanCheck,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  async receive(body: unknown): Promise<InquiryReceivedReply> {
    const token = (body as { response_token?: unknown } | null)?.response_token;
    // The form is checked first, so a person who mistyped keeps their solved check for the next try.
    const content = checkInquiry(body);
    if (!(await this.humanCheck.verify(typeof token === 'string' ? token : undefined)))
      throw refusal(400, ErrorCodes.humanCheckFailed, 'Please complete the human check again.');
    const inquiryId = randomUUID();
    const event = decideReceive(inquiryId, content, this.now().toISOString());
    await this.store.append({
      streamId: `inquiry-${inquiryId}`,
      streamType: INQUIRY_STREAM_TYPE,
      expectedRevision: 'no_stream',
      events: [{ type: event.type, data: event.data as unknown as JsonValue, metadata: { actorUserId: null } }],
    });
    // Recorded first: a mail server that refuses the acknowledgement loses nothing (the e-mail log shows it).
    this.acknowledge(content).catch((error: unknown) =>
      this.logger.warn(`inquiry acknowledgement not sent: ${error instanceof Error ? error.message : String(error)}`),
    );
    return { success: true, inquiryId };
  }

  async detail(principal: Principal, inquiryId: string): Promise<InquiryDetail> {
    await requireAdmin(this.db, principal);
    const [row] = isUuid(inquiryId) ? await this.db.query<InquirySql>('SELECT * FROM inquiries WHERE inquiry_id = $1', [inquiryId]) : [];
    if (!row) throw refusal(404, ErrorCodes.notFound, 'There is no inquiry with this id.');
    const events = await this.store.readStream(`inquiry-${inquiryId}`);
    const history = events.map((stored) => {
      const change = (stored.data as { change: WorkflowStatusChanged }).change;
      return {
        status: String(change.statusAfter),
        event: String(change.workflowEvent),
        at: stored.metadata.recordedAt,
        actorUserId: change.actor.userId,
        remark: change.remark ?? null,
      };
    });
    return { ...inquiryRow(row), history };
  }

  async act(principal: Principal, inquiryId: string, action: string, body: unknown): Promise<InquiryRow> {
    await requireAdmin(this.db, principal);
    const events = isUuid(inquiryId) ? await this.store.readStream(`inquiry-${inquiryId}`) : [];
    const state = foldInquiry(events);
    if (!state) throw refusal(404, ErrorCodes.notFound, 'There is no inquiry with this id.');
    const remark = (body as { remark?: unknown } | null)?.remark;
    if (remark !== undefined && remark !== null && (typeof remark !== 'string' || remark.length > 2000)) {
      throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: remark.', {
        fields: { remark: ['must be text of at most 2000 characters'] },
      });
    }
    const actor: Actor = { userId: principal.userId, companyId: 'platform', kind: 'admin', authorities: { company: {}, project: {} } };
    const event = decideAction(
      state,
      action,
      actor,
      this.now().toISOString(),
      typeof remark === 'string' ? remark.trim() || undefined : undefined,
    );
    await this.store.append({
      streamId: `inquiry-${inquiryId}`,
      streamType: INQUIRY_STREAM_TYPE,
      expectedRevision: state.revision,
      events: [{ type: event.type, data: event.data as unknown as JsonValue, metadata: { actorUserId: principal.userId } }],
    });
    const [row] = await this.db.query<InquirySql>('SELECT * FROM inquiries WHERE inquiry_id = $1', [inquiryId]);
    return inquiryRow(row!);
  }

  private async acknowledge(content: InquiryContent): Promise<void> {
    const words = ACKNOWLEDGEMENT[content.language] ?? ACKNOWLEDGEMENT.en!;
    await this.email.send({
      to: content.email,
      subject: words.subject,
      text: words.body(content.name, content.subject),
      purpose: 'inquiry-acknowledgement',
    });
  }
}

export function requireAdmin(db: SqlExecutor, principal: Principal): Promise<void> {
  return requireAdminRight(db, principal, 'admin.inquiry');
}
