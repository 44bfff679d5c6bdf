// Routes of inquiries: the public contact form's POST /api/inquiries, and the admin module's list, one
// inquiry with its history, and its actions (Close, Cancel with a remark, Reopen).
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { InquiryReceivedReply, InquiryRow } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { READ_MODELS, type AuthenticatedRequest } from '../common/principal.js';
import { Public } from '../common/public.decorator.js';
import type { HeaderReply } from '../common/reply.js';
import { InquiriesService, requireAdmin, type InquiryDetail } from './inquiries.service.js';
import { inquiryList } from './inquiry-list.js';
import { ApiPathValues } from '../openapi/path-values.decorators.js';
import { INQUIRY_ACTIONS } from './inquiry.decider.js';

const ERROR = { schema: { $ref: '#/components/schemas/ErrorReply' } };

@ApiTags('inquiries')
@Controller()
export class InquiriesController {
  constructor(
    private readonly inquiries: InquiriesService,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  @Public()
  @Post('inquiries')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Send an inquiry from the contact form',
    description:
      'Public, after the human check (response_token). The sender gets an acknowledgement by e-mail; platform administrators see the inquiry in the admin module.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['name', 'email', 'subject', 'message', 'response_token'],
      properties: {
        name: { type: 'string', maxLength: 100 },
        email: { type: 'string', maxLength: 254 },
        phone: { type: 'string', maxLength: 20 },
        companyName: { type: 'string', maxLength: 200 },
        subject: { type: 'string', maxLength: 200 },
        message: { type: 'string', minLength: 10, maxLength: 5000 },
        language: { type: 'string', enum: ['en', 'ms', 'zh'] },
        response_token: { type: 'string' },
      },
    },
  })
  @ApiResponse({ status: 201, description: '{ success: true, inquiryId }' })
  @ApiResponse({ status: 400, description: 'validationFailed naming each field, or humanCheckFailed', ...ERROR })
  receive(@Body() body: unknown): Promise<InquiryReceivedReply> {
    return this.inquiries.receive(body);
  }

  @Get('admin/inquiries')
  @ApiOperation({
    summary: 'The inquiries, newest first',
    description:
      'Platform administrators only. ?filter={"status":"new"|"close"|"cancel","q":"name, e-mail, company or subject"}&range=[from,to]. Content-Range carries the total; X-Total-Capped: true when the count stopped at its cap.',
  })
  @ApiResponse({
    status: 200,
    description:
      '[{ id, receivedAt, status, name, email, phone, companyName, subject, message, language, revision, updatedAt, lastRemark }]',
  })
  @ApiResponse({ status: 400, description: 'validationFailed: filter, range or sort not understood', ...ERROR })
  @ApiResponse({ status: 403, description: 'noAccessRight: not a platform administrator', ...ERROR })
  async list(
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ): Promise<InquiryRow[]> {
    await requireAdmin(this.db, request.principal!);
    const { rows, range, total, capped } = await inquiryList(this.db, query);
    reply.header(
      'Content-Range',
      rows.length === 0 ? `inquiries */${total}` : `inquiries ${range.from}-${range.from + rows.length - 1}/${total}`,
    );
    if (capped) reply.header('X-Total-Capped', 'true');
    reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Capped');
    return rows;
  }

  @Get('admin/inquiries/:id')
  @ApiOperation({
    summary: 'One inquiry with its history',
    description: 'Platform administrators only: the message and each status change with who, when and the remark.',
  })
  @ApiResponse({ status: 200, description: 'the row with history: [{ status, event, at, actorUserId, remark }]' })
  @ApiResponse({ status: 403, description: 'noAccessRight: not a platform administrator', ...ERROR })
  @ApiResponse({ status: 404, description: 'notFound: no inquiry has this id', ...ERROR })
  detail(@Param('id') id: string, @Req() request: AuthenticatedRequest): Promise<InquiryDetail> {
    return this.inquiries.detail(request.principal!, id);
  }

  @Post('admin/inquiries/:id/actions/:action')
  @ApiPathValues('action', INQUIRY_ACTIONS, 'What is done with the inquiry')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Close, cancel or reopen an inquiry',
    description:
      'Platform administrators only, through the inquiry machine: Close (new to close), Cancel (new to cancel, with a remark), Reopen (close to new). Body: { remark?: string }.',
  })
  @ApiResponse({ status: 200, description: 'the row after the change' })
  @ApiResponse({ status: 400, description: 'validationFailed: remark not text of at most 2,000 characters', ...ERROR })
  @ApiResponse({ status: 403, description: 'noAccessRight: not a platform administrator', ...ERROR })
  @ApiResponse({ status: 404, description: 'notFound: no inquiry has this id, or no such action', ...ERROR })
  @ApiResponse({
    status: 409,
    description: "wrongStatus: the action does not apply in the inquiry's status; conflict when another change came first",
    ...ERROR,
  })
  @ApiResponse({ status: 422, description: 'remarkRequired: a cancellation says why', ...ERROR })
  act(
    @Param('id') id: string,
    @Param('action') action: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ): Promise<InquiryRow> {
    return this.inquiries.act(request.principal!, id, action, body);
  }
}
