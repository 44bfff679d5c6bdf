// E-mail by SMTP (SMTP_URL). nodemailer opens a connection per message: sign-up and password mails are
// few, and a fresh connection never trips over a server that dropped an idle one.

import { createTransport } from 'nodemailer';
import type { EmailMessage, EmailSender } from './messaging.ports.js';

type Transport = ReturnType<typeof createTransport>;

export class SmtpEmailSender implements EmailSender {
  private readonly transport: Transport;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // Short timeouts: a request that sends a code waits for the mail, and nodemailer's defaults are minutes.
    this.transport = createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  }

  async send(message: EmailMessage): Promise<void> {
    // `purpose` stays here: it is for our records, not for the recipient.
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html !== undefined ? { html: message.html } : {}),
    });
  }

  close(): void {
    this.transport.close();
  }
}
