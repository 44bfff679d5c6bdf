// Routes of the business network: the chosen company's relations (lists, one with its history, the actions)
// and conversations (lists, unread counts, messages newest first, posting, reading).
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  RelationActions,
  type ConversationMessage,
  type ConversationMessagePage,
  type ConversationRow,
  type NetworkCompanyRow,
  type PartnerEvaluationRow,
  type RelationHistoryRow,
  type RelationRow,
  type UnreadConversations,
} from '@binaan/contracts';
import { RequireAccessRight } from '../common/access-right.decorator.js';
import type { AuthenticatedRequest } from '../common/principal.js';
import type { HeaderReply } from '../common/reply.js';
import { ApiPathValues } from '../openapi/path-values.decorators.js';
import { BusinessNetworkService } from './business-network.service.js';

const ERROR = { schema: { $ref: '#/components/schemas/ErrorReply' } };
const READ = ['businessNetwork.view', 'businessNetwork.update'] as const;

function listHeaders(reply: HeaderReply, name: string, page: { rows: unknown[]; range: { from: number }; total: number; capped: boolean }) {
  reply.header(
    'Content-Range',
    page.rows.length === 0
      ? `${name} */${page.total}`
      : `${name} ${page.range.from}-${page.range.from + page.rows.length - 1}/${page.total}`,
  );
  if (page.capped) reply.header('X-Total-Capped', 'true');
  reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Capped');
}

@ApiTags('business-network')
@Controller('business-network')
export class BusinessNetworkController {
  constructor(private readonly network: BusinessNetworkService) {}

  @Get('relations')
  @RequireAccessRight(READ)
  @ApiOperation({
    summary: "The chosen company's relations",
    description:
      '?filter={"list":"partners"|"clients"|"requestsReceived"|"requestsSent"|"kiv"|"all","q":"company name"}&range=[from,to]&sort=["updatedAt","DESC"]. Partners: approved, we invited them; clients: approved, they invited us. Content-Range carries the total; X-Total-Capped: true past the cap.',
  })
  @ApiResponse({ status: 200, description: 'RelationRow[]' })
  @ApiResponse({ status: 400, description: 'validationFailed: filter, range or sort not understood', ...ERROR })
  @ApiResponse({ status: 403, description: 'noAccessRight: needs businessNetwork.view or .update', ...ERROR })
  async relations(
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ): Promise<RelationRow[]> {
    const page = await this.network.relations(request.principal!, query);
    listHeaders(reply, 'relations', page);
    return page.rows;
  }

  @Get('relations/:companyId')
  @RequireAccessRight(READ)
  @ApiOperation({
    summary: 'One relation with its history',
    description: "The chosen company's record of its relation with another company: each change with who, when and why.",
  })
  @ApiResponse({ status: 200, description: 'RelationRow with history: RelationHistoryRow[]' })
  @ApiResponse({ status: 403, description: 'noAccessRight', ...ERROR })
  @ApiResponse({ status: 404, description: 'notFound: no relation with this company', ...ERROR })
  relation(
    @Param('companyId') companyId: string,
    @Req() request: AuthenticatedRequest,
  ): Promise<RelationRow & { history: RelationHistoryRow[] }> {
    return this.network.relation(request.principal!, companyId);
  }

  @Post('relations/:companyId/actions/:action')
  @RequireAccessRight('businessNetwork.update')
  @ApiPathValues('action', RelationActions, 'What the chosen company does with the relation')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Invite, accept, decline, cancel, or keep a request in view',
    description:
      "Through the company-relation machine (CreatePropose, level 10, on companyRelation in the company): Invite (the other company's record shows the request received), Accept or Reject (with a remark) a request received, Cancel (with a remark) an invitation sent or a partnership. KeepInView / StopKeepingInView mark a request received. The other company's members are notified. Body: { remark?: string }.",
  })
  @ApiBody({ schema: { type: 'object', properties: { remark: { type: 'string', maxLength: 500 } } } })
  @ApiResponse({ status: 200, description: 'the RelationRow after the change' })
  @ApiResponse({ status: 400, description: 'validationFailed: remark', ...ERROR })
  @ApiResponse({ status: 403, description: 'noAccessRight, noAuthority (no level 10 on companyRelation)', ...ERROR })
  @ApiResponse({ status: 404, description: 'notFound: no approved company with this id, or no such action', ...ERROR })
  @ApiResponse({
    status: 409,
    description:
      'relationAlreadyOpen (inviting twice), relationNotReceived (keeping in view), wrongStatus (e.g. accepting an invitation sent), wrongExpectedRevision',
    ...ERROR,
  })
  @ApiResponse({ status: 422, description: 'relationWithOwnCompany (inviting oneself), remarkRequired', ...ERROR })
  act(
    @Param('companyId') companyId: string,
    @Param('action') action: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ): Promise<RelationRow> {
    return this.network.act(request.principal!, companyId, action, body);
  }

  @Get('relations/:companyId/evaluations')
  @RequireAccessRight(READ)
  @ApiOperation({
    summary: "The company's evaluations of a partner or client",
    description: 'Newest first; only the evaluating company sees them. ?range=',
  })
  @ApiResponse({ status: 200, description: 'PartnerEvaluationRow[]' })
  @ApiResponse({ status: 400, description: 'validationFailed', ...ERROR })
  @ApiResponse({ status: 403, description: 'noAccessRight', ...ERROR })
  async evaluations(
    @Param('companyId') companyId: string,
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ): Promise<PartnerEvaluationRow[]> {
    const page = await this.network.evaluations(request.principal!, companyId, query);
    listHeaders(reply, 'evaluations', page);
    return page.rows;
  }

  @Post('relations/:companyId/evaluations')
  @RequireAccessRight('businessNetwork.update')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Evaluate a partner or client',
    description:
      'With an active vendor appraisal questionnaire of the company (company setups): every question scored on its scale. Body: { questionnaireId, scores: { <questionId>: score }, remark? }. The weighted score is 0 to 100.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['questionnaireId', 'scores'],
      properties: {
        questionnaireId: { type: 'string' },
        scores: { type: 'object', additionalProperties: { type: 'integer' } },
        remark: { type: 'string', maxLength: 1000 },
      },
    },
  })
  @ApiResponse({ status: 201, description: 'the PartnerEvaluationRow' })
  @ApiResponse({ status: 400, description: 'validationFailed: questionnaireId, scores.<questionId>, remark', ...ERROR })
  @ApiResponse({ status: 403, description: 'noAccessRight', ...ERROR })
  @ApiResponse({ status: 404, description: 'notFound (no relation), setupItemNotFound (no such questionnaire)', ...ERROR })
  @ApiResponse({ status: 409, description: 'relationNotApproved: not a partner nor a client', ...ERROR })
  @ApiResponse({
    status: 422,
    description: 'questionnaireNotForAppraisal: not an active vendor appraisal questionnaire with questions',
    ...ERROR,
  })
  evaluate(
    @Param('companyId') companyId: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ): Promise<PartnerEvaluationRow> {
    return this.network.evaluate(request.principal!, companyId, body);
  }

  @Get('companies')
  @RequireAccessRight(READ)
  @ApiOperation({
    summary: 'Companies to invite',
    description:
      'Approved companies other than the chosen one, by name, with the relation status. ?filter={"q":"name"}&range=&sort=["name","ASC"].',
  })
  @ApiResponse({ status: 200, description: 'NetworkCompanyRow[]' })
  @ApiResponse({ status: 400, description: 'validationFailed', ...ERROR })
  @ApiResponse({ status: 403, description: 'noAccessRight', ...ERROR })
  async companies(
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ): Promise<NetworkCompanyRow[]> {
    const page = await this.network.companies(request.principal!, query);
    listHeaders(reply, 'companies', page);
    return page.rows;
  }

  @Get('conversations')
  @RequireAccessRight(READ)
  @ApiOperation({
    summary: "The chosen company's conversations",
    description: 'The latest message first, with the unread count for the caller (up to 100). ?range=&sort=["lastMessageAt","DESC"].',
  })
  @ApiResponse({ status: 200, description: 'ConversationRow[]' })
  @ApiResponse({ status: 400, description: 'validationFailed', ...ERROR })
  @ApiResponse({ status: 403, description: 'noAccessRight', ...ERROR })
  async conversations(
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ): Promise<ConversationRow[]> {
    const page = await this.network.conversations(request.principal!, query);
    listHeaders(reply, 'conversations', page);
    return page.rows;
  }

  @Get('conversations-unread')
  @RequireAccessRight(READ)
  @ApiOperation({ summary: 'Unread messages in all conversations', description: 'For the caller; each conversation counted up to 100.' })
  @ApiResponse({ status: 200, description: '{ total, capped, conversations }' })
  @ApiResponse({ status: 403, description: 'noAccessRight', ...ERROR })
  unread(@Req() request: AuthenticatedRequest): Promise<UnreadConversations> {
    return this.network.unread(request.principal!);
  }

  @Get('conversations/:id/messages')
  @RequireAccessRight(READ)
  @ApiOperation({
    summary: "A conversation's messages, newest first",
    description: '?after=<next>&limit=25 (1 to 100): keyset pages, { items, next }. A forgotten author\'s messages read "[erased]".',
  })
  @ApiResponse({ status: 200, description: '{ items: ConversationMessage[], next }' })
  @ApiResponse({ status: 400, description: 'validationFailed: after, limit', ...ERROR })
  @ApiResponse({ status: 403, description: 'noAccessRight', ...ERROR })
  @ApiResponse({ status: 404, description: 'notFound: not a conversation of the chosen company', ...ERROR })
  messages(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
  ): Promise<ConversationMessagePage> {
    return this.network.messages(request.principal!, id, query);
  }

  @Post('conversations/:id/messages')
  @RequireAccessRight('businessNetwork.update')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Send a message',
    description:
      "Between companies with an invitation waiting or a partnership. Pushed at once on both companies' user channels (conversationMessage). Body: { text } (1 to 4,000 characters).",
  })
  @ApiBody({ schema: { type: 'object', required: ['text'], properties: { text: { type: 'string', minLength: 1, maxLength: 4000 } } } })
  @ApiResponse({ status: 201, description: 'the ConversationMessage' })
  @ApiResponse({ status: 400, description: 'validationFailed: text', ...ERROR })
  @ApiResponse({ status: 403, description: 'noAccessRight', ...ERROR })
  @ApiResponse({ status: 404, description: 'notFound: not a conversation of the chosen company', ...ERROR })
  @ApiResponse({ status: 409, description: 'conversationClosed: no invitation waiting nor partnership', ...ERROR })
  post(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest): Promise<ConversationMessage> {
    return this.network.post(request.principal!, id, body);
  }

  @Post('conversations/:id/read')
  @RequireAccessRight(READ)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Mark a conversation read',
    description: 'Through its latest message, or { through: position }. Recorded for the caller only.',
  })
  @ApiBody({ schema: { type: 'object', properties: { through: { type: 'string' } } } })
  @ApiResponse({ status: 200, description: '{ unread: 0 }' })
  @ApiResponse({ status: 400, description: 'validationFailed: through', ...ERROR })
  @ApiResponse({ status: 403, description: 'noAccessRight', ...ERROR })
  @ApiResponse({ status: 404, description: 'notFound: not a conversation of the chosen company', ...ERROR })
  read(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest): Promise<{ unread: number }> {
    return this.network.read(request.principal!, id, body);
  }
}
