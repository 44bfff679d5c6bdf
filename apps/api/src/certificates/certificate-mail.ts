// The e-mails of this context, through the messaging port (SMTP or the outbox): the registration
// confirmation with the ticket the organizer's staff scan at the door, and the approved certificate.
import { Inject, Injectable } from '@nestjs/common';
import type { ApiConfig } from '../config.js';
import { EMAIL_SENDER, type EmailSender } from '../messaging/messaging.ports.js';
import { API_CONFIG } from '../store/store.tokens.js';
import { qrPng } from './certificate-pdf.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

@Injectable()
export class CertificateMail {
  constructor(
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async registered(to: string, name: string, event: { title: string; location: string; date: string }, ticket: string): Promise<void> {
    const when = new Date(event.date).toISOString().slice(0, 10);
    const png = (await qrPng(ticket)).toString('base64');
    await this.email.send({
      to,
      purpose: 'event-registration',
      subject: `Registered: ${event.title}`,
      text:
        `Hello ${name},\n\nYou are registered for ${event.title} (${event.location}, ${when}).\n\n` +
        `Show this ticket at the door to check in and again to check out; your certificate needs both.\n` +
        `Ticket: ${ticket}\n\nBinaan`,
      html:
        `<p>Hello ${escape(name)},</p><p>You are registered for <b>${escape(event.title)}</b> (${escape(event.location)}, ${when}).</p>` +
        `<p>Show this ticket at the door to check in and again to check out; your certificate needs both.</p>` +
        `<p><img alt="ticket QR code" width="240" height="240" src="data:image/png;base64,${png}"></p><p>Ticket: <code>${escape(ticket)}</code></p><p>Binaan</p>`,
    });
  }

  certificate(to: string, name: string, eventTitle: string, certificateNo: string, registrationId: string): Promise<void> {
    const pdf = `${this.config.publicUrl}/api/event-participant/download-certificate/${encodeURIComponent(registrationId)}`;
    return this.email.send({
      to,
      purpose: 'event-certificate',
      subject: `Your certificate: ${eventTitle}`,
      text:
        `Hello ${name},\n\nYour certificate of attendance for ${eventTitle} is ready.\nCertificate number: ${certificateNo}\n\n` +
        `Download it: ${pdf}\n\nAnyone can check it by scanning its QR code at ${this.config.publicUrl}/\n\nBinaan`,
    });
  }
}
