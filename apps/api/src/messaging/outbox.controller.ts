// GET /api/dev/outbox: what the outbox adapters wrote, for a developer trying sign-up without an SMTP
// server or SMS gateway. MessagingModule registers this controller only outside production and only
// when an outbox is in use, so elsewhere the route does not exist (404).

import { Controller, Get, Header, Inject } from '@nestjs/common';
import { Public } from '../common/public.decorator.js';
import { ApiStoreFree } from '../openapi/api-replies.decorators.js';
import { readOutbox } from './outbox.js';
import { renderOutboxPage } from './outbox-page.js';
import { ApiOperation } from '@nestjs/swagger';

export const OUTBOX_PAGE_OPTIONS = Symbol('OUTBOX_PAGE_OPTIONS');
export type OutboxPageOptions = { dataDir: string; email: boolean; sms: boolean };

@Public()
@Controller('dev/outbox')
export class OutboxController {
  constructor(@Inject(OUTBOX_PAGE_OPTIONS) private readonly options: OutboxPageOptions) {}

  @ApiStoreFree()
  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @Header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
  @ApiOperation({
    summary: 'Development only: the e-mail and SMS outbox as a web page',
    description: 'Shows the messages written when no SMTP server or SMS gateway is configured. Not mounted in production.',
  })
  async page(): Promise<string> {
    const { dataDir, email, sms } = this.options;
    return renderOutboxPage(email ? await readOutbox(dataDir, 'email') : undefined, sms ? await readOutbox(dataDir, 'sms') : undefined);
  }
}
