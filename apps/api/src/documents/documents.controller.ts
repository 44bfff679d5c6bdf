// /api/documents/<resource>: lists, create, read (now, at a revision, as of a time), edit, workflow
// actions and history. Writes are sent as commands through the CommandBus (document.commands.ts). The
// base path keeps document resource names apart from every other route. Each route needs the access
// right of the resource's module (document-access.ts), checked by ModuleAccessGuard.
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { DocumentView } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { Inject } from '@nestjs/common';
import { RequireAccessRight } from '../common/access-right.decorator.js';
import { ModuleAccessGuard } from '../common/module-access.guard.js';
import { READ_MODELS, type AuthenticatedRequest, type Principal } from '../common/principal.js';
import { documentAccess } from './document-access.js';
import { DocumentActors } from './document-actor.js';
import { ActOnDocument, ActOnDocuments, CreateDocument, EditDocument } from './document.commands.js';
import { DocumentHistory } from './document-history.js';
import { documentResource } from './document-loader.js';
import { listDocuments, parseListQuery } from './document-list.js';
import { DocumentQueries } from './document-queries.service.js';
import { ApiOperation } from '@nestjs/swagger';
import {
  ApiDocumentBody,
  ApiDocumentId,
  ApiDocumentListQuery,
  ApiDocumentReply,
  ApiDocumentsController,
  ApiIdempotencyKey,
  ApiIfMatch,
  ApiRuleRefusals,
  ApiWorkflowEvent,
} from '../openapi/documents-api.decorators.js';

type Reply = { header(name: string, value: string): unknown };

const principalOf = (request: AuthenticatedRequest): Principal => request.principal!;
const etag = (reply: Reply, revision: number) => reply.header('ETag', `"${revision}"`);

@Controller('documents/:resource')
@ApiDocumentsController()
@UseGuards(ModuleAccessGuard)
export class DocumentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: DocumentQueries,
    private readonly actors: DocumentActors,
    private readonly timelines: DocumentHistory,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  @RequireAccessRight(documentAccess('view'))
  @Get()
  @ApiDocumentListQuery()
  @ApiDocumentReply('DocumentView', 200, true)
  @ApiOperation({
    summary: "A page of the company's documents of one kind, filtered and sorted (react-admin's simple REST)",
    description:
      "Needs the view right of the kind's module and a chosen company; lists the caller's company's documents and those addressed to it as counterparty. The total is in Content-Range (`<resource> <from>-<to>/<total>`, `*/<total>` when empty); X-Total-Capped: true when the count stopped at its cap. Unknown filters or sort fields are 400 validationFailed.",
  })
  async list(
    @Param('resource') name: string,
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: Reply,
  ) {
    const resource = documentResource(name);
    const actor = await this.actors.actorFor(principalOf(request));
    const parsed = parseListQuery(query);
    const { rows, total, capped } = await listDocuments(this.db, resource, actor.companyId, parsed);
    // An empty page has no first and last row: "*/total" (RFC 9110's unsatisfied range), which
    // ra-data-simple-rest reads the total from all the same.
    const span = rows.length === 0 ? '*' : `${parsed.range.from}-${parsed.range.from + rows.length - 1}`;
    reply.header('Content-Range', `${resource} ${span}/${total}`);
    // The total was counted only up to LIST_TOTAL_CAP: there are at least this many ("10,000 or more").
    if (capped) reply.header('X-Total-Capped', 'true');
    reply.header('Access-Control-Expose-Headers', 'Content-Range, ETag, X-Total-Capped');
    return rows;
  }

  @RequireAccessRight(documentAccess('update'))
  @Post()
  @HttpCode(201)
  @ApiDocumentBody('DocumentCreateInput')
  @ApiDocumentReply('DocumentView', 201)
  @ApiRuleRefusals()
  @ApiOperation({
    summary: "Create a document of a kind in its machine's first status",
    description:
      "Needs the update right of the kind's module. The fields are the common ones plus the kind's own; a field of another kind is 400 validationFailed, a business rule 422. Answers the document with its revision as ETag, for the If-Match of the next edit or action.",
  })
  async create(
    @Param('resource') name: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: Reply,
  ): Promise<DocumentView> {
    const { state, actor } = await this.commands.execute(new CreateDocument(documentResource(name), principalOf(request), body));
    etag(reply, state.revision);
    return this.queries.toView(state, actor);
  }

  /** Bulk: `{ items: [{ id, revision, remark? }] }`, at most 10; each through the machine, each result reported. */
  @RequireAccessRight(documentAccess('action'))
  @Post('actions/:event')
  @HttpCode(200)
  @ApiWorkflowEvent()
  @ApiDocumentBody('DocumentBulkActionInput', 'At most 10 documents, each through the machine, each result reported')
  @ApiOperation({
    summary: 'Send one workflow event to up to 10 documents of a kind, each result reported',
    description:
      'Needs the right the event calls for. The body is `{ items: [{ id, revision, remark? }] }`, at most 10; each document goes through its machine on its own, so one refusal does not stop the others: the reply lists each result with its errorCode.',
  })
  bulk(@Param('resource') name: string, @Param('event') event: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ActOnDocuments(documentResource(name), event, principalOf(request), body));
  }

  @RequireAccessRight(documentAccess('view'))
  @Get(':id')
  @ApiDocumentId()
  @ApiDocumentReply('DocumentView')
  @ApiOperation({
    summary: 'One document as it stands, or as it stood (asOf a time, or at a revision)',
    description:
      "Needs the view right of the kind's module; another company's document is 404 unless the caller's company is its counterparty. Answers the revision as ETag. `asOf` and `revision` replay the document's events up to that point.",
  })
  async one(
    @Param('resource') name: string,
    @Param('id') id: string,
    @Query('asOf') asOf: string | undefined,
    @Query('revision') revision: string | undefined,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: Reply,
  ): Promise<DocumentView> {
    const view = await this.queries.view(documentResource(name), id, principalOf(request), {
      ...(typeof asOf === 'string' ? { asOf } : {}),
      ...(typeof revision === 'string' ? { revision } : {}),
    });
    etag(reply, view.revision);
    return view;
  }

  @RequireAccessRight(documentAccess('update'))
  @Put(':id')
  @ApiDocumentId()
  @ApiIfMatch()
  @ApiDocumentBody('DocumentEditInput')
  @ApiDocumentReply('DocumentView')
  @ApiRuleRefusals()
  @ApiOperation({
    summary: "Edit a document's fields while its status allows editing",
    description:
      'Needs the update right and If-Match with the revision last read: 409 wrongExpectedRevision when someone changed it since, notEditable when the status no longer allows edits, 428 without If-Match, 422 on a business rule.',
  })
  async edit(
    @Param('resource') name: string,
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: Reply,
  ): Promise<DocumentView> {
    const { state, actor } = await this.commands.execute(new EditDocument(documentResource(name), id, principalOf(request), body, ifMatch));
    etag(reply, state.revision);
    return this.queries.toView(state, actor);
  }

  @RequireAccessRight(documentAccess('action'))
  @Post(':id/actions/:event')
  @HttpCode(200)
  @ApiDocumentId()
  @ApiWorkflowEvent()
  @ApiIfMatch()
  @ApiIdempotencyKey()
  @ApiDocumentBody('DocumentActionInput')
  @ApiDocumentReply('DocumentActionReply')
  @ApiRuleRefusals()
  @ApiOperation({
    summary: 'Send a workflow event to a document (approve, reject, confirm, ...)',
    description:
      "Needs the right the event's kind calls for and If-Match with the revision last read. The machine decides: 409 wrongStatus when the status does not allow the event, 422 when a guard refuses (remarkRequired, ...). With Idempotency-Key, a retry answers the first reply. GET /api/workflows/{resource} lists the events each status allows.",
  })
  async act(
    @Param('resource') name: string,
    @Param('id') id: string,
    @Param('event') event: string,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: Reply,
  ) {
    const answer = await this.commands.execute(
      new ActOnDocument(documentResource(name), id, event, principalOf(request), body, ifMatch, idempotencyKey),
    );
    etag(reply, answer.revision);
    return answer;
  }

  @RequireAccessRight(documentAccess('view'))
  @Get(':id/history')
  @ApiDocumentId()
  @ApiDocumentReply('DocumentHistoryRow', 200, true)
  @ApiOperation({
    summary: "A document's timeline: every event with who, when and what changed",
    description: "Needs the view right of the kind's module; answered with an ETag.",
  })
  async history(
    @Param('resource') name: string,
    @Param('id') id: string,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: Reply,
  ): Promise<string> {
    // Sent as the JSON text kept with the timeline (document-history.ts): no serialising or hashing of it per request.
    const { json, etag } = await this.timelines.history(documentResource(name), id, principalOf(request));
    reply.header('Content-Type', 'application/json; charset=utf-8');
    reply.header('ETag', etag);
    return json;
  }
}
