// OpenAPI decorators for the documents routes: the path parameters, the concurrency headers and the body
// and reply shapes (documentSchemas). Description only: none of them changes what a route does.
import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { DocumentResources } from '@binaan/contracts';
import { actionEvents, ApiPathValues } from './path-values.decorators.js';

const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const refusal = (status: number, description: string) => ApiResponse({ status, description, schema: schema('ErrorReply') });

/** The controller of /api/documents/{resource}: tag and the resource parameter. */
export const ApiDocumentsController = () =>
  applyDecorators(
    ApiTags('documents'),
    ApiParam({
      name: 'resource',
      description: 'The document kind (a status list of the workflow catalogue)',
      enum: [...DocumentResources],
    }),
    refusal(404, "unknownDocumentResource, documentNotFound (another company's document is 404 too)"),
    refusal(403, "companyNotChosen, or the machine's authority codes"),
  );

export const ApiDocumentId = () =>
  ApiParam({ name: 'id', description: 'The document id (uuid)', schema: { type: 'string', format: 'uuid' } });

/** Every event a document's machine takes after its Create (which has its own route). */
export const ApiWorkflowEvent = () =>
  ApiPathValues(
    'event',
    actionEvents(DocumentResources),
    'The workflow event (Request_Approve, Approve, Reject, Confirm, ...): GET /api/workflows/{resource} lists which each status of a kind allows',
  );

export const ApiIfMatch = () =>
  applyDecorators(
    ApiHeader({
      name: 'If-Match',
      required: true,
      description: 'The revision last read (the ETag): 5, "5" or W/"5"',
      schema: { type: 'string', example: '"5"' },
    }),
    refusal(409, 'wrongExpectedRevision (stale If-Match), wrongStatus, notEditable, ...'),
    refusal(428, 'ifMatchRequired'),
  );

export const ApiIdempotencyKey = () =>
  ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'A retried action with the same key returns the first reply (at most 200 characters)',
    schema: { type: 'string', maxLength: 200 },
  });

export const ApiDocumentBody = (name: string, description?: string) =>
  ApiBody({ schema: schema(name), ...(description ? { description } : {}) });

export const ApiDocumentReply = (name: string, status = 200, isArray = false) =>
  ApiResponse({ status, description: 'OK', schema: isArray ? { type: 'array', items: schema(name) } : schema(name) });

export const ApiRuleRefusals = () =>
  refusal(422, 'A business rule (endBeforeStart, remarkRequired, itemRequired, limitExceeded, ...) or validationFailed (400) with fields');

export const ApiDocumentListQuery = () =>
  applyDecorators(
    ApiQuery({
      name: 'sort',
      required: false,
      description:
        'ra-data-simple-rest: ["documentNo","ASC"]; fields: id, documentNo, title, status, total, createdAt, updatedAt, revision, projectId, companyName, counterpartyName',
      schema: { type: 'string' },
    }),
    ApiQuery({
      name: 'range',
      required: false,
      description:
        '[0,24], at most 1,000 rows (an export); the reply carries Content-Range: <resource> 0-24/<total> (an empty page: <resource> */<total>); a total counted only up to 10,000 comes with X-Total-Capped: true (there are at least that many)',
      schema: { type: 'string' },
    }),
    ApiQuery({
      name: 'filter',
      required: false,
      description:
        '{"id": [ids] (getMany),"status","q","counterparty","projectId","dateFrom","dateTo","direction": "sent" or "received","awaitingApproval": true (only documents in an open approval round; each row carries awaitingLevel)}; another key is 400 unknownFilter',
      schema: { type: 'string' },
    }),
  );

export const ApiAsOf = () =>
  applyDecorators(
    ApiQuery({
      name: 'revision',
      required: false,
      description: 'The document as it stood at this revision',
      schema: { type: 'integer', minimum: 0 },
    }),
    ApiQuery({
      name: 'asOf',
      required: false,
      description: 'The document as it stood at this time (ISO 8601)',
      schema: { type: 'string', format: 'date-time' },
    }),
  );
