import type { RequestResource } from '@binaan/contracts';
import { initialContext } from '../context.js';
import {
  NO_DOCUMENT,
  amount,
  own,
  remark,
  transitionsFor,
  withinLimit,
  workflowSetup,
  type WorkflowDefinition,
} from '../define-workflow.js';

// A project's requests (spec §2.5 "Requests"; §2.6 /request/{projectId}/{material, machine, trade}/{pending, rejected}).

const VERSION = 1;

/**
 * A request for materials, machines or a trade inside a project: a purchase requisition as Procore and SAP
 * Ariba run one. Drafted (new), sent for approval (pendingApproval) to the authority manual's verify levels,
 * approved (then it may become a tender or a quotation request) or rejected with a remark, revised and
 * resubmitted; the requester cancels it with a remark while it is not approved. One status list, so one
 * shape for the three kinds.
 */
export function requestWorkflow<R extends RequestResource>(resource: R): WorkflowDefinition<R> {
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
        [NO_DOCUMENT]: { on: { Create: go('Create', 'new', [own(10), amount]) } },
        new: {
          on: {
            Request_Approve: go('Request_Approve', 'pendingApproval', [own(10), amount, withinLimit], 'open'),
            Cancel: cancel,
          },
        },
        pendingApproval: {
          on: {
            Approve: approve('approved', 'pendingApproval'),
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
        approved: { type: 'final' },
        cancelled: { type: 'final' },
      },
    }),
    decisions: [
      'A request is drafted as new by CreatePropose (10) and sent for approval with Request_Approve (pendingApproval); it needs an item first (spec §5.3, the documents context checks it).',
      "The authority manual's verify levels approve it by its amount (the buyer's estimate of its items); the last required level makes it approved.",
      'An approver rejects it with a remark; the requester revises it and resubmits (a new approval round).',
      'The requester cancels it with a remark while it is new, pending approval or rejected; approved and cancelled are final (an approved request becomes a tender or quotation request, which the tendering context records).',
    ],
  };
}
