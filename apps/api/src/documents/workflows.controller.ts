// The workflow catalogue (machines as data: states, transitions, guards, label keys), the audit
// verification of one document's hash chain, and its auditor bundle (document-audit-bundle.ts).
import { refusal } from '../common/refusal.js';
import { createHash } from 'node:crypto';
import { Controller, ForbiddenException, Get, Param, Query, Req, Res } from '@nestjs/common';
import { DocumentResources, ErrorCodes, hasAnyAccessRight, isWorkflowResource, type DocumentResource } from '@binaan/contracts';
import { catalogueEntry, workflowCatalogue } from '@binaan/workflows';
import type { AuthenticatedRequest, Principal } from '../common/principal.js';
import { documentResource } from './document-loader.js';
import { DocumentQueries } from './document-queries.service.js';
import { documentAccess } from './document-access.js';
import { ApiQuery, ApiTags, ApiOperation } from '@nestjs/swagger';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { DocumentAuditBundles } from './document-audit-bundle.js';
import { wholeNumber } from '../transparency-log/transparency-log.service.js';

type Reply = { header(name: string, value: string): unknown };

/**
 * The catalogue is code (workflows/), the same in every process until the next release: its JSON text
 * (~84 KB) and an ETag from its content are made once. The ui fetches it once per page load and the
 * browser revalidates its stored copy with If-None-Match, so a later visit is a 304 with no body
 * (conditional-get.ts). The ETag is the content's, so every API process and release agrees on it.
 */
let catalogueReply: { json: string; etag: string } | undefined;
function catalogueJson(): { json: string; etag: string } {
  if (!catalogueReply) {
    const json = JSON.stringify(workflowCatalogue());
    catalogueReply = { json, etag: `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
  }
  return catalogueReply;
}

/**
 * The audit check of one document needs the view right of its module, as every other route of the
 * document does (the resource comes in the query here, so ModuleAccessGuard cannot see it).
 */
function requireViewRight(principal: Principal, resource: DocumentResource): void {
  if (principal.companyId === null) return; // answered companyNotChosen by the check itself
  const rights = documentAccess('view')({ resource }) ?? [];
  if (!hasAnyAccessRight(principal.accessRights, ...rights)) {
    throw new ForbiddenException({
      errorCode: ErrorCodes.noAccessRight,
      errorMessage: `This needs the access right ${rights.join(' or ')} in the chosen company.`,
    });
  }
}

@Controller()
export class WorkflowsController {
  constructor(
    private readonly queries: DocumentQueries,
    private readonly bundles: DocumentAuditBundles,
  ) {}

  @Get('workflows')
  @ApiTags('workflows')
  @ApiOperation({
    summary: 'The workflow catalogue: every machine with its statuses, events and who acts',
    description: 'Any signed-in user. Sent as prepared JSON, the same for everyone.',
  })
  catalogue(@Res({ passthrough: true }) reply: Reply): string {
    const { json, etag } = catalogueJson();
    reply.header('Content-Type', 'application/json; charset=utf-8');
    reply.header('ETag', etag);
    return json;
  }

  @Get('workflows/:resource')
  @ApiTags('workflows')
  @ApiOperation({
    summary: 'One machine of the workflow catalogue: statuses and the events each allows',
    description:
      'Any signed-in user; 404 for an unknown resource. Lists which event each status of a kind allows, for POST …/actions/{event}.',
  })
  entry(@Param('resource') resource: string) {
    if (!isWorkflowResource(resource)) throw refusal(404, 'unknownResource', `${resource} has no workflow.`);
    return catalogueEntry(resource);
  }

  @Get('audit/verify')
  @ApiTags('audit')
  @ApiQuery({ name: 'resource', required: true, description: 'The document kind', enum: [...DocumentResources] })
  @ApiQuery({ name: 'id', required: true, description: 'The document id', schema: { type: 'string' } })
  @ApiRefusal(400, 'validationFailed: resource or id is missing')
  @ApiRefusal(404, "unknownDocumentResource, documentNotFound (another company's document is 404 too)")
  @ApiOperation({
    summary: "Verify a document's hash chain: whether every event is intact, and where it first breaks",
    description: "Query resource and id. The document's company, or its counterparty once shared; another company's document is 404.",
  })
  verify(@Query('resource') resource: unknown, @Query('id') id: unknown, @Req() request: AuthenticatedRequest) {
    if (typeof resource !== 'string' || typeof id !== 'string')
      throw refusal(400, 'validationFailed', 'Give resource and id.', { fields: { resource: ['is required'], id: ['is required'] } });
    const kind = documentResource(resource);
    requireViewRight(request.principal!, kind);
    return this.queries.verify(kind, id, request.principal!);
  }

  @Get('audit/bundle')
  @ApiTags('audit')
  @ApiQuery({ name: 'resource', required: true, description: 'The document kind', enum: [...DocumentResources] })
  @ApiQuery({ name: 'id', required: true, description: 'The document id', schema: { type: 'string' } })
  @ApiQuery({
    name: 'treeSize',
    required: false,
    description: "A signed checkpoint's tree size to prove into (a head published outside Binaan); default the latest",
    schema: { type: 'string' },
  })
  @ApiRefusal(400, 'validationFailed: resource or id is missing, or treeSize is not a whole number')
  @ApiRefusal(403, 'companyNotChosen; noAccessRight: needs the view right of the kind')
  @ApiRefusal(404, "unknownDocumentResource, documentNotFound (another company's document is 404 too), checkpointNotFound")
  @ApiRefusal(409, 'noCheckpointYet, notYetInCheckpoint: the log has not yet signed a checkpoint covering the document; ask again shortly')
  @ApiOperation({
    summary: "A document's auditor bundle: its events as stored, with inclusion proofs into a signed checkpoint of the log",
    description:
      "Downloaded as a JSON file for `npm run verify-history`, which checks it with only the published keys. The document's company gets every event; the counterparty, once the document is shared with it, the steps between the two companies. Events recorded after the checkpoint wait for the next one (`notYetCheckpointed`).",
  })
  async bundle(
    @Query('resource') resource: unknown,
    @Query('id') id: unknown,
    @Query('treeSize') treeSize: unknown,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: Reply,
  ) {
    if (typeof resource !== 'string' || typeof id !== 'string')
      throw refusal(400, 'validationFailed', 'Give resource and id.', { fields: { resource: ['is required'], id: ['is required'] } });
    const kind = documentResource(resource);
    requireViewRight(request.principal!, kind);
    const size = treeSize === undefined ? undefined : wholeNumber('treeSize', treeSize, 1);
    const bundle = await this.bundles.bundle(kind, id, request.principal!, size);
    const name = `audit-bundle-${(bundle.subject.documentNo ?? id).replace(/[^A-Za-z0-9._-]+/g, '-')}.json`;
    reply.header('Content-Disposition', `attachment; filename="${name}"`);
    return bundle;
  }
}
