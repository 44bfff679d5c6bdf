// The embedded default when no e-mail or SMS provider is configured: every message is appended as one
// JSON line to DATA_DIR/outbox/{email,sms}.jsonl, so nothing is silently dropped and a developer (or a
// test) can read the code that was "sent". The log says where a message went, never what it says: the
// body carries codes and reset links. The files are readable by the owner only for the same reason.

import { Logger } from '@nestjs/common';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmailMessage, EmailSender, SmsMessage, SmsSender } from './messaging.ports.js';

export type OutboxChannel = 'email' | 'sms';
export type EmailOutboxEntry = { at: string; to: string; subject: string; text: string; html?: string; purpose: string };
export type SmsOutboxEntry = { at: string; to: string; text: string; purpose: string };
type OutboxEntry<C extends OutboxChannel> = C extends 'email' ? EmailOutboxEntry : SmsOutboxEntry;

export function outboxFile(dataDir: string, channel: OutboxChannel): string {
  return join(dataDir, 'outbox', `${channel}.jsonl`);
}

async function append(dataDir: string, channel: OutboxChannel, entry: EmailOutboxEntry | SmsOutboxEntry): Promise<string> {
  const file = outboxFile(dataDir, channel);
  await mkdir(join(dataDir, 'outbox'), { recursive: true });
  // One write per line with O_APPEND: concurrent sends do not interleave within a line.
  await appendFile(file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
  return file;
}

/** Every message in one outbox, oldest first; an absent outbox is empty. A torn last line is skipped. */
export async function readOutbox<C extends OutboxChannel>(dataDir: string, channel: C): Promise<OutboxEntry<C>[]> {
  let content: string;
  try {
    content = await readFile(outboxFile(dataDir, channel), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries: OutboxEntry<C>[] = [];
  for (const line of content.split('\n')) {
    if (line.trim() === '') continue;
    try {
      entries.push(JSON.parse(line) as OutboxEntry<C>);
    } catch {
      // A line cut short by a crash mid-write; the rest of the outbox is still worth reading.
    }
  }
  return entries;
}

export class OutboxEmailSender implements EmailSender {
  private readonly logger = new Logger('messaging');

  constructor(
    private readonly dataDir: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const entry: EmailOutboxEntry = {
      at: this.now().toISOString(),
      to: message.to,
      subject: message.subject,
      text: message.text,
      purpose: message.purpose,
    };
    if (message.html !== undefined) entry.html = message.html;
    const file = await append(this.dataDir, 'email', entry);
    this.logger.log(`e-mail (${message.purpose}) to ${message.to} written to the outbox ${file}: no SMTP_URL is set`);
  }
}

export class OutboxSmsSender implements SmsSender {
  private readonly logger = new Logger('messaging');

  constructor(
    private readonly dataDir: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const file = await append(this.dataDir, 'sms', {
      at: this.now().toISOString(),
      to: message.to,
      text: message.text,
      purpose: message.purpose,
    });
    this.logger.log(`SMS (${message.purpose}) to ${message.to} written to the outbox ${file}: no SMS_GATEWAY_URL is set`);
  }
}
