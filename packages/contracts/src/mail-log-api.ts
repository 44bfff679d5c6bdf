// The admin module's e-mail log (GET /api/admin/email-log): one row per e-mail Binaan tried to send.
export type MailLogStatus = 'sent' | 'failed';
export type MailLogRow = {
  id: string;
  /** When the outcome was recorded (ISO 8601 UTC). */
  sentAt: string;
  status: MailLogStatus;
  /** smtp: handed to the mail server; outbox: kept in DATA_DIR (no mail server configured). */
  channel: 'smtp' | 'outbox';
  to: string;
  subject: string;
  /** What the e-mail was for (activation-pin, password-reset, tender-invitation, ...). */
  purpose: string;
  /** The mail server's reason when it was not sent; null when sent. */
  error: string | null;
};
