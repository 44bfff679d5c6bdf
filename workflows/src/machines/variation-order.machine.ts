import { initialContext } from '../context.js';
import {
  NO_DOCUMENT,
  amount,
  counterparty,
  hasCounterparty,
  own,
  remark,
  transitionsFor,
  withinLimit,
  workflowSetup,
  type WorkflowDefinition,
} from '../define-workflow.js';

// Variation orders (spec §2.5 "variation orders"): a change to an awarded contract's work and sum.

const VERSION = 1;

/**
 * A variation order is the buyer's (employer's) instruction to change the work of an awarded contract, as
 * PAM 2006 cl. 11 and FIDIC 1999 cl. 13 have the architect or engineer issue it: drafted by the buyer (new),
 * sent for approval by its amount to the authority manual's verify levels (pendingApproval), and on the last
 * approval issued to the contractor (issued), who acknowledges it (accepted). The contractor cannot refuse
 * an issued variation (the forms bind it to carry out the instruction; a disputed value is settled by
 * valuation, not by rejecting the order), so it has no Reject_By_Seller. An issued variation counts in the
 * contract sum; approvers reject with a remark, the buyer revises and resubmits, or cancels before issue.
 */
export function variationOrderWorkflow(): WorkflowDefinition<'variationOrder'> {
  const resource = 'variationOrder' as const;
  const { go, approve, reject, escalate } = transitionsFor(resource);
  const cancel = go('Cancel', 'cancelled', [own(10), remark]);
  return {
    resource,
    version: VERSION,
    machine: workflowSetup.createMachine({
      id: resource,
      version: String(VERSION),
      initial: NO_DOCUMENT,
      context: initialContext(resource, VERSION),
      states: {
        [NO_DOCUMENT]: { on: { Create: go('Create', 'new', [own(10), amount, hasCounterparty]) } },
        new: {
          on: {
            Request_Approve: go('Request_Approve', 'pendingApproval', [own(10), amount, withinLimit], 'open'),
            Cancel: cancel,
          },
        },
        pendingApproval: {
          on: {
            Approve: approve('issued', 'pendingApproval'),
            Reject: reject('rejected', 'pendingApproval'),
            Escalate: escalate('pendingApproval'),
            Cancel: cancel,
          },
        },
        rejected: {
          on: {
            Resubmit: go('Resubmit', 'pendingApproval', [own(10), amount, withinLimit], 'open'),
            Cancel: cancel,
          },
        },
        issued: {
          on: {
            View: go('View', 'issued', [counterparty(10, 'seller')]),
            Confirm: go('Confirm', 'accepted', [counterparty(20, 'seller')]),
          },
        },
        accepted: { type: 'final' },
        cancelled: { type: 'final' },
      },
    }),
    decisions: [
      'The buyer drafts a variation order (new) with CreatePropose (10) against an awarded contract, addressed to its contractor.',
      "Request_Approve opens the round; the authority manual's verify levels approve it by its amount (an omission by the amount it takes off), and the last required level issues it to the contractor (issued).",
      'The contractor records that it opened it (View, CreatePropose) and acknowledges it (Confirm, VerifyLevel1: accepted); it cannot refuse an issued variation, as under PAM 2006 cl. 11 and FIDIC cl. 13.',
      'An approver rejects with a remark; the buyer revises and resubmits (a new round) or cancels with a remark before issue.',
      'Issued and accepted variation orders count in the contract sum that claims and certificates read; accepted and cancelled are final.',
    ],
  };
}
