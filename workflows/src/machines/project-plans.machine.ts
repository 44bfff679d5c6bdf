import { initialContext } from '../context.js';
import { NO_DOCUMENT, own, remark, transitionsFor, workflowSetup, type WorkflowDefinition } from '../define-workflow.js';

/** A project's plans that go through approval like documents (spec §2.6 targets: pending, approved, rejected). */
export type ProjectPlanResource = 'ongoingBudget' | 'progressPlanning';

const VERSION = 1;

/**
 * A project's ongoing budget or progress plan: drafted straight into pending (the spec's lists have no
 * new), approved by the manual's verify levels, rejected with a remark, resubmitted, and reopened (with a
 * remark) when an approved plan must be revised.
 */
export function projectPlanWorkflow<R extends ProjectPlanResource>(resource: R): WorkflowDefinition<R> {
  const { go, approve, reject, escalate } = transitionsFor(resource);
  return {
    resource,
    version: VERSION,
    machine: workflowSetup.createMachine({
      id: resource,
      version: String(VERSION),
      initial: NO_DOCUMENT,
      context: initialContext(resource, VERSION),
      states: {
        [NO_DOCUMENT]: { on: { Create: go('Create', 'pending', [own(10)], 'open') } },
        pending: {
          on: {
            Approve: approve('approved', 'pending'),
            Reject: reject('rejected', 'pending'),
            Escalate: escalate('pending'),
          },
        },
        rejected: { on: { Resubmit: go('Resubmit', 'pending', [own(10)], 'open') } },
        approved: { on: { Reopen: go('Reopen', 'pending', [own(10), remark], 'open') } },
      },
    }),
    decisions: [
      'Create puts the plan straight into pending with an approval round open: the spec names no draft status for it.',
      "No amount is sent: every verify level of the company's manual approves (a budget's lines may still change while pending).",
      'An approved plan is reopened (CreatePropose and a remark) to pending, a new round, when it must be revised.',
    ],
  };
}
