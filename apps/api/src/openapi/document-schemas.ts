// Body and reply shapes of the documents API as OpenAPI schemas (the controllers take `unknown` bodies and
// check them by hand, so the scanner cannot see the shapes). Amounts are decimal strings, never numbers.
import type { SchemaObject } from '@nestjs/swagger';
import { DocumentKindFieldNames, DocumentWarningCodes } from '@binaan/contracts';

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
    deliveredQuantity: {
      type: 'string',
      pattern: '^\\d+(\\.\\d{1,3})?$',
      description:
        'Delivery and service orders: quantity delivered or served, at most what remains on the order line (422 quantityAboveRemaining)',
    },
    orderLineNo: {
      type: 'integer',
      minimum: 1,
      description: 'Delivery and service orders with a source order: the order line delivered (default: this line number)',
    },
  },
};

const percent = (description: string): SchemaObject => ({ type: 'string', pattern: '^\\d+(\\.\\d{1,2})?$', example: '10', description });
const dateTime = (description: string): SchemaObject => ({ type: 'string', format: 'date-time', nullable: true, description });

/** The fields only some kinds have (DocumentKindFieldNames in contracts says which kind has which). */
const kindFields: Record<string, SchemaObject> = {
  openAt: dateTime('Tender: bidding opens; at least 5 minutes ahead when set (422 dateTimeNotAhead)'),
  closeAt: dateTime(
    'Tender: bidding closes; after openAt (422 closeNotAfterOpen), before the expected delivery start (422 tenderClosesAfterDeliveryStart); within 30 minutes of saving gives the warning tenderClosesSoon',
  ),
  expectedDeliveryStart: { ...date, description: 'Tender: expected delivery start' },
  expectedDeliveryEnd: { ...date, description: 'Tender: expected delivery end' },
  minimumAmount: { ...decimal('10000.00'), nullable: true, description: 'Tender: not above maximumAmount (422 minimumAboveMaximum)' },
  maximumAmount: { ...decimal('50000.00'), nullable: true },
  sourceDocumentId: {
    type: 'string',
    format: 'uuid',
    nullable: true,
    description: 'The tender an order awards, or the order a delivery, service order or claim draws on (422 unknownSourceDocument)',
  },
  vendorDocumentNo: {
    type: 'string',
    maxLength: 50,
    nullable: true,
    description: "Vendor's invoice, delivery order or service order number: unique per company and kind (422 vendorDocumentNoTaken)",
  },
  driverName: { type: 'string', maxLength: 200, nullable: true },
  driverContact: { type: 'string', maxLength: 50, nullable: true },
  claimPercentage: percent(
    'Progressive claim: at most 100, and all claims on one order together at most 100 (422 percentageAbove100, percentageAboveRemaining)',
  ),
  claimItems: {
    type: 'array',
    maxItems: 100,
    description: 'Milestone claim items; a claim with items cannot be cancelled (422 claimItemsPreventCancel)',
    items: {
      type: 'object',
      required: ['description', 'percentage', 'claimAmount'],
      properties: {
        description: { type: 'string' },
        percentage: percent('At most 100'),
        claimAmount: decimal('5000.00'),
        expectedCompletionDate: date,
      },
    },
  },
  invoiceNo: { type: 'string', maxLength: 50, nullable: true, description: 'Payment certificate: the invoice certified' },
  contractSum: { ...decimal('500000.00'), nullable: true, description: 'Trade payment certificate valuation: contract sum' },
  workDoneAmount: { ...decimal('120000.00'), nullable: true },
  unfixedGoodsAmount: { ...decimal('20000.00'), nullable: true, description: 'Counted at 75%' },
  previousCertifiedAmount: {
    ...decimal('60000.00'),
    nullable: true,
    description: 'Not above the valuation (422 previousCertifiedAboveValuation)',
  },
  retentionPercent: percent('Default 10'),
  retentionLimitPercent: percent('Retention at most this share of the contract sum; default 5'),
  variationType: {
    type: 'string',
    enum: ['addition', 'omission'],
    nullable: true,
    description: 'Variation order: an omission takes its amount off the contract sum (422 variationBelowZero, variationBelowCertified)',
  },
  instructionId: {
    type: 'string',
    format: 'uuid',
    nullable: true,
    description: 'Variation order: the instruction it comes from (422 unknownInstruction)',
  },
};
/** On a document a kind field is null where the kind has no such field or it was left empty. */
const kindFieldsInView: Record<string, SchemaObject> = Object.fromEntries(
  Object.entries(kindFields).map(([name, schema]) => [name, { ...schema, nullable: true }]),
);
const kindFieldNote = `Kind fields, by kind: ${Object.entries(DocumentKindFieldNames)
  .filter(([, names]) => names.length > 0)
  .map(([kind, names]) => `${kind}: ${names.join(', ')}`)
  .join('; ')}. A field of another kind is 400 validationFailed.`;

const money: SchemaObject = { type: 'string', pattern: '^\\d+\\.\\d{2}$' };
const feesView: SchemaObject = {
  type: 'object',
  description: 'Computed on the server in integer sen, rounded half up (spec §9)',
  properties: {
    transactionFee: {
      type: 'object',
      nullable: true,
      description: 'The platform fee of 1.5% on awards and payment certificates, on the value before SST',
      properties: { percent: { type: 'string', example: '1.5' }, base: money, amount: money },
    },
    tradeCertificate: {
      type: 'object',
      nullable: true,
      description: 'Trade payment certificate valuation',
      properties: Object.fromEntries(
        [
          'contractSum',
          'workDone',
          'unfixedGoods',
          'unfixedGoodsPercent',
          'unfixedGoodsAllowed',
          'grossValuation',
          'retentionPercent',
          'retentionLimitPercent',
          'retentionLimit',
          'retention',
          'netValuation',
          'previousCertified',
          'amountDue',
          'sst',
          'totalPayable',
        ].map((name) => [name, { type: 'string', nullable: name === 'contractSum' || name === 'retentionLimit' }]),
      ),
    },
  },
};
const warnings: SchemaObject = {
  type: 'array',
  description: 'Accepted, but worth a second look (e.g. a tender that closes within 30 minutes of being saved)',
  items: {
    type: 'object',
    properties: {
      code: { type: 'string', enum: Object.keys(DocumentWarningCodes) },
      message: { type: 'string' },
      field: { type: 'string' },
    },
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
  ...kindFields,
};

const actionBody: SchemaObject = {
  type: 'object',
  properties: {
    remark: {
      type: 'string',
      maxLength: 2000,
      description: 'Required by rejections and other actions that ask for one (422 remarkRequired)',
    },
    amount: {
      ...decimal('25000.00'),
      description: 'Milestone claims and payment certificates only; itemised kinds use the document total',
    },
  },
};

export const documentSchemas: Record<string, SchemaObject> = {
  DocumentLineItemInput: lineItem,
  DocumentCreateInput: {
    type: 'object',
    required: ['title'],
    description: kindFieldNote,
    properties: { ...editable, counterpartyCompanyId: { type: 'string', nullable: true, description: 'Fixed at Create' } },
  },
  DocumentEditInput: {
    type: 'object',
    properties: editable,
    description: `Only the fields to change; allowed while the machine allows editing. ${kindFieldNote}`,
  },
  DocumentFees: feesView,
  DocumentWarnings: warnings,
  DocumentActionInput: actionBody,
  DocumentBulkActionInput: {
    type: 'object',
    required: ['items'],
    properties: {
      items: {
        type: 'array',
        maxItems: 10,
        items: {
          type: 'object',
          required: ['id', 'revision'],
          properties: { id: { type: 'string', format: 'uuid' }, revision: { type: 'integer', minimum: 0 }, ...actionBody.properties },
        },
      },
    },
  },
  DocumentActionReply: {
    type: 'object',
    properties: {
      success: { type: 'boolean', example: true },
      id: { type: 'string' },
      revision: { type: 'integer' },
      status: { type: 'string' },
      warnings: ref('DocumentWarnings'),
      availableActions: { type: 'array', items: { type: 'object', properties: { event: { type: 'string' }, label: { type: 'string' } } } },
    },
  },
  DocumentView: {
    type: 'object',
    description:
      'The document with availableActions for the caller and the approval route (required levels, the reason, approvals so far, who may act next)',
    properties: {
      id: { type: 'string' },
      resource: { type: 'string' },
      documentNo: { type: 'string', example: 'PO-2026-00042' },
      companyId: { type: 'string' },
      counterpartyCompanyId: { type: 'string', nullable: true },
      status: { type: 'string' },
      revision: { type: 'integer' },
      editable: { type: 'boolean' },
      companyName: { type: 'string', nullable: true, description: "The owner company's current name" },
      counterpartyName: { type: 'string', nullable: true, description: "The counterparty's current name" },
      projectName: {
        type: 'string',
        nullable: true,
        description:
          "The owner's project the document is filed under, by its current name (null: none); the counterparty reads it too, without access to the project",
      },
      title: { type: 'string' },
      currency: { type: 'string' },
      totals: {
        type: 'object',
        nullable: true,
        properties: { subtotal: decimal('1234.50'), sst: decimal('74.07'), total: decimal('1308.57') },
        description:
          "null for a tender read by the company it is addressed to: a bidder reads the lines without the buyer's estimate (items' rate and amount null, minimumAmount and maximumAmount null)",
      },
      availableActions: { type: 'array', items: { type: 'object' } },
      approvalRoute: { type: 'object' },
      ...kindFieldsInView,
      fees: ref('DocumentFees'),
      warnings: ref('DocumentWarnings'),
      contract: {
        type: 'object',
        nullable: true,
        description:
          'A contract (letter of award, work, purchase or sub-purchase order), its claims and variation orders: the contract sum as varied (original plus issued variation orders) and what its claims certified; null for other kinds or a contract the caller does not see',
        properties: {
          contractId: { type: 'string' },
          contractResource: { type: 'string' },
          contractNo: { type: 'string' },
          originalSum: money,
          variationsSum: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' },
          adjustedSum: money,
          certifiedSum: money,
          variationCount: { type: 'integer' },
          claimValue: { ...money, nullable: true, description: 'Progressive claim: its percentage of the adjusted sum' },
        },
      },
      linkedVariationsSummary: {
        type: 'object',
        nullable: true,
        description:
          "An instruction: how many variation orders its comparison is drawn from (it lists the first 100 by number) and the issued ones' total",
        properties: {
          count: { type: 'integer' },
          issuedCount: { type: 'integer' },
          issuedTotal: money,
        },
      },
      linkedVariations: {
        type: 'array',
        nullable: true,
        description:
          "An instruction's comparison: the variation orders made from it (the owner sees all, the sub-contractor those issued); null for other kinds",
        items: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            documentNo: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'string' },
            variationType: { type: 'string', nullable: true },
            amount: { type: 'string' },
          },
        },
      },
      source: {
        type: 'object',
        nullable: true,
        description: 'The document it was made from (sourceDocumentId), when the caller may see it',
        required: ['id', 'resource', 'documentNo'],
        properties: { id: { type: 'string' }, resource: { type: 'string' }, documentNo: { type: 'string' } },
      },
    },
  },
  DocumentHistoryRow: {
    type: 'object',
    properties: {
      revision: { type: 'integer' },
      at: { type: 'string', format: 'date-time' },
      eventType: { type: 'string' },
      action: { type: 'string' },
      actor: {
        type: 'object',
        properties: {
          userId: { type: 'string' },
          name: { type: 'string' },
          companyId: { type: 'string' },
          companyName: { type: 'string' },
        },
      },
      statusBefore: { type: 'string', nullable: true },
      statusAfter: { type: 'string', nullable: true },
      remark: { type: 'string', nullable: true },
      approvalLevel: { type: 'integer', nullable: true },
      hash: { type: 'string' },
      prevHash: { type: 'string' },
      chainVerified: { type: 'boolean' },
      requiredLevels: {
        type: 'array',
        items: { type: 'integer' },
        nullable: true,
        description: 'Set when the event opened an approval round: the verify levels it needs',
      },
      waitingLevel: {
        type: 'integer',
        nullable: true,
        description: 'The verify level the approval round waits for after the event; null when none is open',
      },
    },
  },
  StoreVerification: {
    type: 'object',
    properties: {
      ok: { type: 'boolean' },
      streams: { type: 'integer' },
      events: { type: 'integer' },
      broken: {
        type: 'array',
        items: {
          type: 'object',
          properties: { streamId: { type: 'string' }, firstBadRevision: { type: 'integer', nullable: true }, reason: { type: 'string' } },
        },
      },
    },
  },
  ErrorReply: {
    type: 'object',
    required: ['success', 'errorCode', 'errorMessage'],
    description: "Some refusals add fields of their own (retryAfter on 429, a scan's result on 404 and 409)",
    properties: {
      success: { type: 'boolean', enum: [false] },
      errorCode: { type: 'string' },
      errorMessage: { type: 'string' },
      fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    },
  },
};
