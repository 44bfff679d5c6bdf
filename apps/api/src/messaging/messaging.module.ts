// Provides EMAIL_SENDER and SMS_SENDER to every context, each chosen by configuration: SMTP when SMTP_URL
// is set, the HTTP gateway when SMS_GATEWAY_URL is set, otherwise the outbox in DATA_DIR (the embedded
// default, so sign-up works on a fresh machine). The outbox page exists only outside production and only
// when an outbox is in use.

import { Global, Inject, Logger, Module, type DynamicModule, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { ApiConfig } from '../config.js';
import { HttpSmsSender } from './http-sms.sender.js';
import { EMAIL_SENDER, SMS_SENDER, type EmailSender, type SmsSender } from './messaging.ports.js';
import { OUTBOX_PAGE_OPTIONS, OutboxController, type OutboxPageOptions } from './outbox.controller.js';
import { OutboxEmailSender, OutboxSmsSender } from './outbox.js';
import { SmtpEmailSender } from './smtp-email.sender.js';
import type { EventStore } from '@binaan/event-store';
import { MailLogController } from './mail-log/mail-log.controller.js';
import { RecordedEmailSender } from './mail-log/recorded-email.sender.js';

/** The time an outbox entry records; the app's clock, so tests that move time see it in the outbox too. */
type Clock = () => Date;

export function emailSenderFor(config: ApiConfig, now: Clock): EmailSender {
  return config.smtpUrl ? new SmtpEmailSender(config.smtpUrl, config.mailFrom) : new OutboxEmailSender(config.dataDir, now);
}

export function smsSenderFor(config: ApiConfig, now: Clock): SmsSender {
  return config.smsGatewayUrl
    ? new HttpSmsSender({ url: config.smsGatewayUrl, token: config.smsGatewayToken })
    : new OutboxSmsSender(config.dataDir, now);
}

export function outboxPageOptions(config: ApiConfig): OutboxPageOptions | undefined {
  const options = { dataDir: config.dataDir, email: !config.smtpUrl, sms: !config.smsGatewayUrl };
  return config.environment !== 'production' && (options.email || options.sms) ? options : undefined;
}

const OUTBOX_DIR = Symbol('OUTBOX_DIR');

@Global()
@Module({})
export class MessagingModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(OUTBOX_DIR) private readonly dataDir: string,
  ) {}

  /** With a store, every e-mail's outcome is recorded for the admin module's e-mail log (mail-log/). */
  static forRoot(config: ApiConfig, now: Clock = () => new Date(), store?: EventStore): DynamicModule {
    const page = outboxPageOptions(config);
    const email = emailSenderFor(config, now);
    return {
      module: MessagingModule,
      controllers: [...(page ? [OutboxController] : []), ...(store ? [MailLogController] : [])],
      providers: [
        { provide: EMAIL_SENDER, useValue: store ? new RecordedEmailSender(email, store, config.smtpUrl ? 'smtp' : 'outbox') : email },
        { provide: SMS_SENDER, useValue: smsSenderFor(config, now) },
        { provide: OUTBOX_DIR, useValue: config.dataDir },
        ...(page ? [{ provide: OUTBOX_PAGE_OPTIONS, useValue: page }] : []),
      ],
      exports: [EMAIL_SENDER, SMS_SENDER],
    };
  }

  /**
   * Where messages go, at debug level: npm start's banner says it to everyone (start-up/banner.ts); this line
   * is for processes started otherwise (tests, with LOG_LEVEL=debug).
   */
  onModuleInit(): void {
    const logger = new Logger('messaging');
    if (this.email instanceof OutboxEmailSender || (this.email instanceof RecordedEmailSender && this.email.channel === 'outbox'))
      logger.debug(`no SMTP_URL: e-mail goes to the outbox in ${this.dataDir}/outbox`);
    if (this.sms instanceof OutboxSmsSender) logger.debug(`no SMS_GATEWAY_URL: SMS goes to the outbox in ${this.dataDir}/outbox`);
  }

  onApplicationShutdown(): void {
    if (this.email instanceof SmtpEmailSender || this.email instanceof RecordedEmailSender) this.email.close();
  }
}
