// The e-mail log (admin module): one stream per e-mail Binaan tried to send, `mail-<id>` (type 'mail'),
// holding one event: sent, or not sent with the mail server's reason. The recipient, subject and error are
// sealed under the recipient's address (mail-log.personal-data.ts): forgetting the person erases them here too.

export const MAIL_STREAM_TYPE = 'mail';

export type MailLogEvent =
  | { type: 'EmailSent'; data: { to: string; subject: string; purpose: string; channel: MailChannel } }
  | { type: 'EmailNotSent'; data: { to: string; subject: string; purpose: string; channel: MailChannel; error: string } };

/** Where the message went: the SMTP server, or the outbox in DATA_DIR (no SMTP configured). */
export type MailChannel = 'smtp' | 'outbox';

export const MAIL_LOG_EVENT_TYPES = ['EmailSent', 'EmailNotSent'] as const;
