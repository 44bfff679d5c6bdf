// Ports for messages that leave Binaan. The identity and events contexts depend on these only; the
// adapters (SMTP, SMS HTTP gateway, the developer outbox) are chosen by configuration in messaging.module.ts.

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is for (activation-pin, password-reset, ...): kept in the outbox, never sent. */
  purpose: string;
};

export type SmsMessage = {
  /** E.164: + and digits. */
  to: string;
  text: string;
  purpose: string;
};

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export const EMAIL_SENDER = Symbol('EMAIL_SENDER');
export const SMS_SENDER = Symbol('SMS_SENDER');
