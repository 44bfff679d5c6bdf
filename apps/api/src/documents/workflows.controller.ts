// The workflow catalogue (machines as data: states, transitions, guards, label keys) and the audit
// verification of one document's hash chain.
import { Controller, Get, Param, Query, Req, UseFilters } from '@nestjs/common';
import { isWorkflowResource } from '@binaan/contracts';
import { catalogueEntry, workflowCatalogue } from '@binaan/workflows';
import type { AuthenticatedRequest } from '../common/principal.js';
import { DocumentRefused } from './document.errors.js';
import { documentResource } from './document-loader.js';
import { DocumentQueries } from './document-queries.service.js';
import { DocumentRefusedFilter } from './document-refused.filter.js';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { DocumentResources } from '@binaan/contracts';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';

@Controller()
@UseFilters(DocumentRefusedFilter)
export class WorkflowsController {
  constructor(private readonly queries: DocumentQueries) {}

  @Get('workflows')
  @ApiTags('workflows')
  catalogue() {
    return workflowCatalogue();
  }

  @Get('workflows/:resource')
  @ApiTags('workflows')
  entry(@Param('resource') resource: string) {
    if (!isWorkflowResource(resource)) throw new DocumentRefused(404, 'unknownResource', `${resource} has no workflow.`);
    return catalogueEntry(resource);
  }

  @Get('audit/verify')
  @ApiTags('audit')
  @ApiQuery({ name: 'resource', required: true, description: 'The document kind', enum: [...DocumentResources] })
  @ApiQuery({ name: 'id', required: true, description: 'The document id', schema: { type: 'string' } })
  @ApiRefusal(400, 'validationFailed: resource or id is missing')
  @ApiRefusal(404, 'unknownDocumentResource, documentNotFound (another company\'s document is 404 too)')
  verify(@Query('resource') resource: unknown, @Query('id') id: unknown, @Req() request: AuthenticatedRequest) {
    if (typeof resource !== 'string' || typeof id !== 'string') throw new DocumentRefused(400, 'validationFailed', 'Give resource and id.', { resource: ['is required'], id: ['is required'] });
    return this.queries.verify(documentResource(resource), id, request.principal!);
  }
}
