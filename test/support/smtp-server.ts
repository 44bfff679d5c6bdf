// A real SMTP server in the test process (smtp-server): plain text on 127.0.0.1, any login accepted,
// every mail parsed and kept. Tests point SMTP_URL at `url` and wait for the mail a flow should send.

import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { parseMail, type ParsedMail } from './parse-mail.js';

export type { ParsedMail } from './parse-mail.js';

export type TestSmtpServer = {
  url: string;
  /** Every mail received, oldest first. */
  messages: ParsedMail[];
  /**
   * The oldest mail to `to` not yet handed out by an earlier waitFor, waiting for it if it has not
   * arrived. Handing each mail out once lets a test wait for a second code after the first.
   */
  waitFor(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close: () => Promise<void>;
};

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const handedOut = new Set<ParsedMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'test' });
    },
    // A mailbox that does not exist, as a real server answers it: any address whose local part ends in
    // "+refused" is refused at RCPT TO with 550, so a test can follow a mail that was not delivered.
    onRcptTo(address, _session, callback) {
      if (/\+refused@/i.test(address.address)) {
        callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        messages.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ),
        );
        for (const wake of [...waiters]) wake();
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const take = (to: string): ParsedMail | undefined => {
    const address = to.toLowerCase();
    const mail = messages.find((message) => !handedOut.has(message) && message.recipients.includes(address));
    if (mail) handedOut.add(mail);
    return mail;
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, timeoutMs = 10_000) {
      const ready = take(to);
      if (ready) return Promise.resolve(ready);
      return new Promise<ParsedMail>((resolve, reject) => {
        const wake = () => {
          const mail = take(to);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(
              `no mail to ${to} within ${timeoutMs} ms (received: ${messages.map((m) => m.recipients.join(',')).join('; ') || 'none'})`,
            ),
          );
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
