// The cheque payments context's stream: `chequePayment-<uuid>`, a cheque or bank draft a company recorded
// for one of its bills (what it paid with), then its status changes through the cheque payment machine
// (Create by the company's administrator, Confirm or Reject by a platform administrator).
import type { WorkflowStatusChanged } from '@binaan/contracts';

export const CHEQUE_PAYMENT_STREAM_TYPE = 'chequePayment';
export const chequePaymentStream = (chequePaymentId: string) => `${CHEQUE_PAYMENT_STREAM_TYPE}-${chequePaymentId}`;

export type ChequeKind = 'cheque' | 'bankDraft';
export const CHEQUE_KINDS: readonly ChequeKind[] = ['cheque', 'bankDraft'];

/** What the company wrote on its cheque or bank draft (spec §3 "manual cheque payment"); the amount in sen, MYR. */
export type ChequeDetails = { kind: ChequeKind; chequeNo: string; chequeDate: string; bank: string; amount: number };

export type ChequePaymentEvent =
  | {
      type: 'ChequePaymentRecorded';
      data: ChequeDetails & { chequePaymentId: string; billingId: string; companyId: string; currency: 'MYR'; recordedBy: string };
    }
  | { type: 'ChequePaymentStatusChanged'; data: { chequePaymentId: string; change: WorkflowStatusChanged<'chequePayment'> } };

export const CHEQUE_PAYMENT_EVENT_TYPES = ['ChequePaymentRecorded', 'ChequePaymentStatusChanged'] as const;
