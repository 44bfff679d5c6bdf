// Events of a document stream (`<resource>-<uuid>`, stream type = resource) besides the workflow's
// WorkflowStatusChanged, and of the document-number counters. Never edit a shape: add a schemaVersion.
import type { DocumentResource } from './documents-resources.js';

/** One line item as recorded: decimal strings (quantity up to 3 decimals, money 2), never floats. */
export type DocumentLineItem = {
  lineNo: number;
  description: string;
  unit: string;
  quantity: string;
  rate: string;
  amount: string;
  includeZeroRate: boolean;
};

export type DocumentTotals = { subtotal: string; sst: string; total: string };

/** The fields of a document as recorded (money as decimal strings in RM). */
export type DocumentFields = {
  title: string;
  description: string;
  projectId: string | null;
  counterpartyCompanyId: string | null;
  currency: string;
  sstApplicable: boolean;
  documentDate: string | null;
  startDate: string | null;
  endDate: string | null;
  items: DocumentLineItem[];
  totals: DocumentTotals;
};

/** The fields an edit may change (the counterparty is fixed at Create: the workflow recorded it). */
export type EditableDocumentField = Exclude<keyof DocumentFields, 'counterpartyCompanyId'>;

export type DocumentDrafted = {
  type: 'DocumentDrafted';
  data: {
    schemaVersion: 1;
    resource: DocumentResource;
    documentId: string;
    documentNo: string;
    companyId: string;
    createdBy: string;
    fields: DocumentFields;
  };
};

export type DocumentEdited = {
  type: 'DocumentEdited';
  data: {
    schemaVersion: 1;
    /** Only the fields that changed, with their new values. */
    changes: Partial<Pick<DocumentFields, EditableDocumentField>>;
    editedBy: string;
  };
};

/** Counter stream `documentNumber-<company>-<prefix>-<year>`: revision n holds number n + 1. */
export type DocumentNumberAllocated = {
  type: 'DocumentNumberAllocated';
  data: { documentNo: string; documentId: string; sequence: number };
};

export type DocumentEvent = DocumentDrafted | DocumentEdited;
