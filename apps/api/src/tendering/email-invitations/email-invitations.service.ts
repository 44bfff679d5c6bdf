// E-mail invitations to a tender: the buyer invites a company not on the platform by name and
// address; the e-mail (through the messaging port: SMTP, or the outbox) carries a link to sign-up with
// `invitation_id`. Once that company is on the platform (signed up, registered, approved), a user of it
// takes the invitation up and the company is invited exactly as if picked from the directory.
import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCodes } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../../authority/authority.service.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../../common/principal.js';
import { refusal } from '../../common/refusal.js';
import { isInDirectory } from '../../companies/company-directory.js';
import type { ApiConfig } from '../../config.js';
import { EMAIL_SENDER, type EmailSender } from '../../messaging/messaging.ports.js';
import { API_CONFIG, EVENT_STORE } from '../../store/store.tokens.js';
import { decideInvite, foldInvitations, mustTakeBids } from '../tendering.decider.js';
import { invitationsStream, INVITATIONS_STREAM_TYPE, type TenderSellerInvited } from '../tendering.events.js';
import { TenderingService } from '../tendering.service.js';
import { InvitationAllowanceService } from '../allowance/invitation-allowance.service.js';
import { mustBeInvitationId, parseEmailInvitation } from './email-invitation.decider.js';
import { emailInvitationStream, EMAIL_INVITATION_STREAM_TYPE, type TenderEmailInvitationSent } from './email-invitation.events.js';

const takesNoBids = (tender: Parameters<typeof mustTakeBids>[0], now: Date) => {
  try {
    mustTakeBids(tender, now, 'invitations');
    return false;
  } catch {
    return true;
  }
};

const notFound = () => refusal(404, 'tenderInvitationNotFound', 'This invitation does not exist.');

@Injectable()
export class EmailInvitationsService {
  private readonly logger = new Logger('EmailInvitations');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly tendering: TenderingService,
    private readonly allowance: InvitationAllowanceService,
  ) {}

  /** The buyer (level 10 on tender) invites `{ companyName, email }`; the e-mail goes first, then the event. */
  async send(principal: Principal, tenderId: string, body: unknown) {
    const companyId = companyOf(principal);
    const tender = await this.tendering.ownTender(tenderId, companyId);
    await this.tendering.mustPropose(principal, tender);
    const { companyName, email } = parseEmailInvitation(body);
    mustTakeBids(tender, this.now(), 'invitations');
    // 128 random bits, URL-safe: the link is the only key to the invitation, so it must not be guessable.
    const invitationId = randomBytes(16).toString('base64url');
    const buyer = (await this.tendering.names([companyId])).get(companyId) ?? 'A company';
    const link = `${this.config.publicUrl}/auth/sign-up?invitation_id=${encodeURIComponent(invitationId)}`;
    try {
      await this.email.send({
        to: email,
        purpose: 'tender-invitation',
        subject: `Invitation to tender ${tender.documentNo}: ${tender.title}`,
        text:
          `Hello ${companyName},\n\n${buyer} invites you to quote for tender ${tender.documentNo}, "${tender.title}", on Binaan.\n` +
          (tender.closeAt ? `Quotations close at ${tender.closeAt}.\n` : '') +
          `\nSign up and register your company from this link, and the tender will be waiting under Received tenders once your company is approved:\n${link}\n\nBinaan`,
      });
    } catch (error) {
      // As identity does: nothing is recorded when the mail server refuses; the buyer may try again.
      this.logger.error(`tender invitation e-mail not sent: ${error instanceof Error ? error.message : String(error)}`);
      throw refusal(
        503,
        ErrorCodes.mailDeliveryFailed,
        'The mail server did not accept the e-mail; nothing was recorded. Try again later.',
      );
    }
    const data: TenderEmailInvitationSent = {
      tenderId: tender.id,
      invitationId,
      buyerCompanyId: companyId,
      companyName,
      email,
      by: principal.userId,
    };
    await this.store.append({
      streamId: emailInvitationStream(invitationId),
      streamType: EMAIL_INVITATION_STREAM_TYPE,
      expectedRevision: 'no_stream',
      events: [
        { type: 'TenderEmailInvitationSent', data, metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId } },
      ],
    });
    return { success: true as const, tenderId: tender.id, invitationId, companyName };
  }

  /**
   * A user of a company on the platform takes the invitation up: its company is invited to the tender as
   * if picked from the directory (the same rules: approved, not the buyer, not invited yet, before the
   * close), by one `TenderSellerInvited` that names the e-mail invitation. Used once.
   */
  async accept(principal: Principal, invitationId: string) {
    const companyId = companyOf(principal);
    return this.takeUp(invitationId, companyId, principal.userId, { actorUserId: principal.userId, actorCompanyId: companyId });
  }

  /**
   * Takes invitation `invitationId` up for `sellerCompanyId` (`by`: the user who brought the link), one
   * append on the tender's invitations stream; refusals are `refusal`s. `eventId` makes a reactor's
   * append idempotent (a page handled twice records once).
   */
  async takeUp(invitationId: string, sellerCompanyId: string, by: string, metadata: Record<string, string>, eventId?: string) {
    mustBeInvitationId(invitationId);
    const { tender } = await this.invitation(invitationId);
    const events = await this.store.readStream(invitationsStream(tender.id));
    const invited = foldInvitations(events);
    if (
      [...invited.values()].some(
        (seller) => (seller as TenderSellerInvited & { emailInvitationId?: string }).emailInvitationId === invitationId,
      )
    ) {
      throw refusal(409, 'tenderInvitationUsed', 'This invitation has been taken up already.');
    }
    const inDirectory = new Set((await isInDirectory(this.db, tender.companyId, sellerCompanyId)) ? [sellerCompanyId] : []);
    const sellerInvitationId = (seller: string) => createHash('sha256').update(`${tender.id}|${seller}`).digest('hex').slice(0, 32);
    const [event] = decideInvite(tender, invited, [sellerCompanyId], inDirectory, { by, invitationId: sellerInvitationId }, this.now());
    // §9: the buyer's yearly allowance (a refusal here is recorded as not taken up by the approval's reactor).
    try {
      await this.allowance.withinAllowance(tender.companyId, 1, () =>
        this.store.append({
          streamId: invitationsStream(tender.id),
          streamType: INVITATIONS_STREAM_TYPE,
          expectedRevision: events.length === 0 ? 'no_stream' : events[events.length - 1]!.revision,
          events: [
            { ...(eventId ? { id: eventId } : {}), type: event!.type, data: { ...event!.data, emailInvitationId: invitationId }, metadata },
          ],
        }),
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevision)
        throw refusal(409, 'wrongExpectedRevision', 'The invitations changed meanwhile. Try again.');
      throw error;
    }
    return { success: true as const, tenderId: tender.id, sellerCompanyId };
  }

  /**
   * What the sign-up page shows for a link (public: the 128-bit id is the only key, and the e-mail told
   * its holder the same): the tender's number and title, the buyer, and whether it can still be taken up.
   * No address, no company name given by the buyer, no figure.
   */
  async describe(invitationId: string) {
    mustBeInvitationId(invitationId);
    const { tender } = await this.invitation(invitationId);
    const invited = foldInvitations(await this.store.readStream(invitationsStream(tender.id)));
    const used = [...invited.values()].some(
      (seller) => (seller as TenderSellerInvited & { emailInvitationId?: string }).emailInvitationId === invitationId,
    );
    const closed = takesNoBids(tender, this.now());
    const buyerName = (await this.tendering.names([tender.companyId])).get(tender.companyId) ?? '';
    return {
      success: true as const,
      tenderDocumentNo: tender.documentNo,
      tenderTitle: tender.title,
      buyerName,
      closeAt: tender.closeAt ?? null,
      state: used ? ('used' as const) : closed ? ('closed' as const) : ('open' as const),
    };
  }

  private async invitation(invitationId: string) {
    const [sent] = await this.store.readStream(emailInvitationStream(invitationId));
    if (sent === undefined || sent.type !== 'TenderEmailInvitationSent') throw notFound();
    const invitation = sent.data as unknown as TenderEmailInvitationSent;
    const tender = await this.tendering.loadTender(invitation.tenderId);
    if (tender === null) throw notFound();
    return { invitation, tender };
  }
}
