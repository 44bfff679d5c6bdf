// The e-mails of a company joining: the review's decision to its administrators, and an invitation to a
// person the company brings in (a new person's link carries the invitation into sign-up).

import { Inject, Injectable } from '@nestjs/common';
import type { ApiConfig } from '../config.js';
import { EMAIL_SENDER, type EmailSender } from '../messaging/messaging.ports.js';
import { API_CONFIG } from '../store/store.tokens.js';

@Injectable()
export class CompanyMail {
  constructor(
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async registrationDecided(
    to: readonly { email: string; name: string }[],
    company: string,
    decision: 'approved' | 'rejected',
    remark: string | null,
  ): Promise<void> {
    const link = `${this.config.publicUrl}/administration/company`;
    for (const person of to) {
      const text =
        decision === 'approved'
          ? `Hello ${person.name},\n\n${company} is approved on Binaan: every module of your subscription is open now.\nSign in at ${this.config.publicUrl}/auth/sign-in and choose the company.${remark ? `\n\nThe reviewer's note: ${remark}` : ''}\n\nBinaan`
          : `Hello ${person.name},\n\n${company}'s registration needs changes before it can be approved.\nThe reviewer's note: ${remark ?? ''}\n\nCorrect the details and submit again at ${link}\n\nBinaan`;
      await this.email.send({
        to: person.email,
        purpose: `company-${decision}`,
        subject: decision === 'approved' ? `${company} is approved on Binaan` : `${company}'s registration needs changes`,
        text,
      });
    }
  }

  /** A new person: the sign-up link carries the invitation; once they activate their account they are in. */
  invitation(to: string, name: string, company: string, invitedBy: string, invitationId: string): Promise<void> {
    const link = `${this.config.publicUrl}/auth/sign-up?invitation_id=${encodeURIComponent(invitationId)}&email=${encodeURIComponent(to)}`;
    return this.email.send({
      to,
      purpose: 'company-invitation',
      subject: `${invitedBy} invites you to ${company} on Binaan`,
      text: `Hello ${name},\n\n${invitedBy} invites you to work for ${company} on Binaan.\nSign up with this e-mail address from this link:\n${link}\n\nOnce your account is activated, choose ${company} after signing in.\n\nBinaan`,
    });
  }

  /** Someone with an account: they are a member now, nothing to accept. */
  added(to: string, name: string, company: string, invitedBy: string): Promise<void> {
    return this.email.send({
      to,
      purpose: 'company-member-added',
      subject: `You are a member of ${company} on Binaan`,
      text: `Hello ${name},\n\n${invitedBy} added you to ${company} on Binaan.\nSign in at ${this.config.publicUrl}/auth/sign-in and choose ${company}.\n\nBinaan`,
    });
  }
}
