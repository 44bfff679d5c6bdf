// Calls for interest: a company invites a prospective partner by e-mail; the invitee accepts from the
// link (sign-up page with invitation_id), signed in or not. The id is unguessable (128 bits), and an
// invitation is answered once.

import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore } from '@binaan/event-store';
import type { Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { EVENT_STORE } from '../store/store.tokens.js';

@Injectable()
export class InvitationService {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async accept(invitationId: string, remark: string, principal: Principal | undefined): Promise<{ success: true; msg: string }> {
    // A public route: a read-only token may name the caller but cannot answer in their name.
    if (principal?.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(invitationId)) throw refusal(404, ErrorCodes.notFound, 'This invitation does not exist.');
    const events = await this.store.readStream(`invitation-${invitationId}`);
    if (events.length === 0) throw refusal(404, ErrorCodes.notFound, 'This invitation does not exist.');
    if (events.some((event) => event.type === 'InvitationAccepted'))
      throw refusal(409, ErrorCodes.alreadyRespondedInvitation, 'You have already responded to this invitation.');
    try {
      await this.store.append({
        streamId: `invitation-${invitationId}`,
        streamType: 'callForInterest',
        expectedRevision: events[events.length - 1]!.revision,
        events: [
          {
            type: 'InvitationAccepted',
            data: { remark, userId: principal?.userId ?? null },
            metadata: { actorUserId: principal?.userId ?? null, actorCompanyId: principal?.companyId ?? null },
          },
        ],
      });
    } catch (error) {
      if (error instanceof WrongExpectedRevision)
        throw refusal(409, ErrorCodes.alreadyRespondedInvitation, 'You have already responded to this invitation.');
      throw error;
    }
    return { success: true, msg: 'invitation.accepted' };
  }
}
