// Every e-mail Binaan tries to send is recorded for the e-mail log: the message goes first, then its
// outcome is appended (sent, or not sent with the server's reason). Recording never changes what the caller
// sees: a mail that went out is not reported as failed because the log could not be written (that is
// logged instead), and a mail that failed is still thrown to the caller after its failure is recorded.

import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { EventStore } from '@binaan/event-store';
import type { EmailMessage, EmailSender } from '../messaging.ports.js';
import { MAIL_STREAM_TYPE, type MailChannel, type MailLogEvent } from './mail-log.events.js';

/** A mail server's reason can be long (a whole SMTP transcript): the log keeps its start. */
const ERROR_MAX = 500;

export class RecordedEmailSender implements EmailSender {
  private readonly logger = new Logger('mail-log');

  constructor(
    private readonly inner: EmailSender,
    private readonly store: EventStore,
    readonly channel: MailChannel,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const base = { to: message.to, subject: message.subject, purpose: message.purpose, channel: this.channel };
    try {
      await this.inner.send(message);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
      await this.record({ type: 'EmailNotSent', data: { ...base, error: reason } });
      throw error;
    }
    await this.record({ type: 'EmailSent', data: base });
  }

  /** Closes the mail server's connection pool, when the sender underneath has one. */
  close(): void {
    (this.inner as EmailSender & { close?: () => void }).close?.();
  }

  private async record(event: MailLogEvent): Promise<void> {
    try {
      await this.store.append({
        streamId: `mail-${randomUUID()}`,
        streamType: MAIL_STREAM_TYPE,
        expectedRevision: 'no_stream',
        events: [{ ...event, metadata: { actorUserId: null } }],
      });
    } catch (error) {
      // Never the address or the subject: those are personal data, and logs are not sealed.
      this.logger.error(
        `${event.type} for a ${event.data.purpose} e-mail not recorded in the e-mail log: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
