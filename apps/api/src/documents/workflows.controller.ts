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
import { ApiTags } from '@nestjs/swagger';
import { ForbiddenException } from '@nestjs/common';
import { ErrorCodes, hasAnyAccessRight, type DocumentResource } from '@binaan/contracts';
import type { Principal } from '../common/principal.js';
import { documentAccess } from './document-access.js';

/**
 * The audit check of one document needs the view right of its module, as every other route of the
 * document does (the resource comes in the query here, so ModuleAccessGuard cannot see it).
 */
function requireViewRight(principal: Principal, resource: DocumentResource): void {
  if (principal.companyId === null) return; // answered companyNotChosen by the check itself
  const rights = documentAccess('view')({ resource }) ?? [];
  if (!hasAnyAccessRight(principal.accessRights, ...rights)) {
    throw new ForbiddenException({ errorCode: ErrorCodes.noAccessRight, errorMessage: `This needs the access right ${rights.join(' or ')} in the chosen company.` });
  }
}

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
  verify(@Query('resource') resource: unknown, @Query('id') id: unknown, @Req() request: AuthenticatedRequest) {
    if (typeof resource !== 'string' || typeof id !== 'string') throw new DocumentRefused(400, 'validationFailed', 'Give resource and id.', { resource: ['is required'], id: ['is required'] });
    const kind = documentResource(resource);
    requireViewRight(request.principal!, kind);
    return this.queries.verify(kind, id, request.principal!);
  }
}
