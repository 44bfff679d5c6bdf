// Body and reply shapes of the documents API as OpenAPI schemas (the controllers take `unknown` bodies and
// check them by hand, so the scanner cannot see the shapes). Amounts are decimal strings, never numbers.
import type { SchemaObject } from '@nestjs/swagger';
import { DocumentResources } from '@binaan/contracts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const decimal = (example: string): SchemaObject => ({ type: 'string', pattern: '^\\d+(\\.\\d{1,2})?$', example });
const date: SchemaObject = { type: 'string', format: 'date', nullable: true, example: '2026-03-10' };

const lineItem: SchemaObject = {
  type: 'object',
  required: ['description', 'unit', 'quantity', 'rate'],
  properties: {
    description: { type: 'string', maxLength: 1000, example: 'Concrete G30' },
    unit: { type: 'string', maxLength: 30, example: 'm3' },
    quantity: { type: 'string', pattern: '^\\d+(\\.\\d{1,3})?$', example: '10.5' },
    rate: decimal('110.00'),
    includeZeroRate: { type: 'boolean', description: 'Required to accept a rate of 0' },
  },
};

const editable: Record<string, SchemaObject> = {
  title: { type: 'string', maxLength: 200 },
  description: { type: 'string', maxLength: 4000 },
  projectId: { type: 'string', nullable: true },
  currency: { type: 'string', pattern: '^[A-Z]{2,3}$', example: 'RM' },
  sstApplicable: { type: 'boolean', description: 'SST 6% on the subtotal; the default depends on the kind' },
  documentDate: date,
  startDate: date,
  endDate: { ...date, description: 'Not before startDate (422 endBeforeStart)' },
  items: { type: 'array', maxItems: 500, items: ref('DocumentLineItemInput') },
};

const actionBody: SchemaObject = {
  type: 'object',
  properties: {
    remark: { type: 'string', maxLength: 2000, description: 'Required by rejections and other actions that ask for one (422 remarkRequired)' },
    amount: { ...decimal('25000.00'), description: 'Milestone claims and payment certificates only; itemised kinds use the document total' },
  },
};

export const documentSchemas: Record<string, SchemaObject> = {
  DocumentResource: { type: 'string', enum: [...DocumentResources] },
  DocumentLineItemInput: lineItem,
  DocumentCreateInput: { type: 'object', required: ['title'], properties: { ...editable, counterpartyCompanyId: { type: 'string', nullable: true, description: 'Fixed at Create' } } },
  DocumentEditInput: { type: 'object', properties: editable, description: 'Only the fields to change; allowed while the machine allows editing' },
  DocumentActionInput: actionBody,
  DocumentBulkActionInput: {
    type: 'object',
    required: ['items'],
    properties: {
      items: {
        type: 'array', maxItems: 10,
        items: { type: 'object', required: ['id', 'revision'], properties: { id: { type: 'string', format: 'uuid' }, revision: { type: 'integer', minimum: 0 }, ...actionBody.properties } },
      },
    },
  },
  DocumentActionReply: {
    type: 'object',
    properties: {
      success: { type: 'boolean', example: true }, id: { type: 'string' }, revision: { type: 'integer' }, status: { type: 'string' },
      availableActions: { type: 'array', items: { type: 'object', properties: { event: { type: 'string' }, label: { type: 'string' } } } },
    },
  },
  DocumentView: {
    type: 'object',
    description: 'The document with availableActions for the caller and the approval route (required levels, the reason, approvals so far, who may act next)',
    properties: {
      id: { type: 'string' }, resource: { type: 'string' }, documentNo: { type: 'string', example: 'PO-2026-00042' }, companyId: { type: 'string' },
      counterpartyCompanyId: { type: 'string', nullable: true }, status: { type: 'string' }, revision: { type: 'integer' }, editable: { type: 'boolean' },
      title: { type: 'string' }, currency: { type: 'string' },
      totals: { type: 'object', properties: { subtotal: decimal('1234.50'), sst: decimal('74.07'), total: decimal('1308.57') } },
      availableActions: { type: 'array', items: { type: 'object' } }, approvalRoute: { type: 'object' },
    },
  },
  DocumentHistoryRow: {
    type: 'object',
    properties: {
      revision: { type: 'integer' }, at: { type: 'string', format: 'date-time' }, eventType: { type: 'string' }, action: { type: 'string' },
      actor: { type: 'object', properties: { userId: { type: 'string' }, name: { type: 'string' }, companyId: { type: 'string' }, companyName: { type: 'string' } } },
      statusBefore: { type: 'string', nullable: true }, statusAfter: { type: 'string', nullable: true }, remark: { type: 'string', nullable: true },
      approvalLevel: { type: 'integer', nullable: true }, hash: { type: 'string' }, prevHash: { type: 'string' }, chainVerified: { type: 'boolean' },
    },
  },
  StoreVerification: {
    type: 'object',
    properties: {
      ok: { type: 'boolean' }, streams: { type: 'integer' }, events: { type: 'integer' },
      broken: { type: 'array', items: { type: 'object', properties: { streamId: { type: 'string' }, firstBadRevision: { type: 'integer', nullable: true }, reason: { type: 'string' } } } },
    },
  },
  ErrorReply: {
    type: 'object',
    properties: { success: { type: 'boolean', example: false }, errorCode: { type: 'string' }, errorMessage: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
  },
};
