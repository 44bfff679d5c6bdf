// The admin module's e-mail log: every e-mail Binaan tried to send, whether it went, and the mail server's
// reason when it did not. Platform administrators only; answered in ra-data-simple-rest form.
import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { MailLogRow } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { READ_MODELS, type AuthenticatedRequest } from '../../common/principal.js';
import { requireAdminRight } from '../../platform-staff/admin-rights.js';
import type { HeaderReply } from '../../common/reply.js';
import { mailLogList } from './mail-log-list.js';

@ApiTags('admin')
@Controller('admin/email-log')
export class MailLogController {
  constructor(@Inject(READ_MODELS) private readonly db: SqlExecutor) {}

  @Get()
  @ApiOperation({
    summary: 'The e-mail log: every e-mail sent or not sent, newest first',
    description:
      'Platform administrators only. ?filter={"status":"sent"|"failed","q":"text in the address, subject or purpose"}&range=[from,to] (at most 100 rows). Content-Range carries the total; X-Total-Capped: true when the count stopped at its cap.',
  })
  @ApiResponse({
    status: 200,
    description: '[{ id, sentAt, status: "sent"|"failed", channel: "smtp"|"outbox", to, subject, purpose, error }]',
  })
  @ApiResponse({
    status: 400,
    description: 'validationFailed: filter, range or sort not understood',
    schema: { $ref: '#/components/schemas/ErrorReply' },
  })
  @ApiResponse({
    status: 403,
    description: 'noAccessRight: the caller is not a platform administrator',
    schema: { $ref: '#/components/schemas/ErrorReply' },
  })
  async list(
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ): Promise<MailLogRow[]> {
    // The log answers "why did this person not get their e-mail": support for users, so the user right.
    await requireAdminRight(this.db, request.principal!, 'admin.user');
    const { rows, range, total, capped } = await mailLogList(this.db, query);
    reply.header(
      'Content-Range',
      rows.length === 0 ? `email-log */${total}` : `email-log ${range.from}-${range.from + rows.length - 1}/${total}`,
    );
    if (capped) reply.header('X-Total-Capped', 'true');
    reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Capped');
    return rows;
  }
}
