import { initialContext } from '../context.js';
import {
  NO_DOCUMENT,
  counterparty,
  hasCounterparty,
  own,
  remark,
  transitionsFor,
  workflowSetup,
  type WorkflowDefinition,
} from '../define-workflow.js';

// Instructions (spec §2.6 /instruction/{projectId}/pending; receivedInstruction/{pendingAcceptance, accepted, submitted}; comparison).

const VERSION = 1;

/**
 * A site instruction from a consultant or main contractor to a sub-contractor: drafted and held by the
 * issuer (pending), issued with VerifyLevel1 (pendingAcceptance: the sub-contractor's "received"), accepted
 * by the sub-contractor and, once it has priced or carried out the instruction, submitted back. The issuer
 * may cancel it with a remark until it is accepted. An instruction carries no amount of its own to approve:
 * what it costs is approved as the variation order made from it (which links it).
 */
export function instructionWorkflow(): WorkflowDefinition<'instruction'> {
  const resource = 'instruction' as const;
  const { go } = transitionsFor(resource);
  return {
    resource,
    version: VERSION,
    machine: workflowSetup.createMachine({
      id: resource,
      version: String(VERSION),
      initial: NO_DOCUMENT,
      context: initialContext(resource, VERSION),
      states: {
        [NO_DOCUMENT]: { on: { Create: go('Create', 'pending', [own(10), hasCounterparty]) } },
        pending: {
          on: {
            Issue: go('Issue', 'pendingAcceptance', [own(20)]),
            Cancel: go('Cancel', 'cancelled', [own(10), remark]),
          },
        },
        pendingAcceptance: {
          on: {
            View: go('View', 'pendingAcceptance', [counterparty(10)]),
            Accept: go('Accept', 'accepted', [counterparty(20)]),
            Cancel: go('Cancel', 'cancelled', [own(20), remark]),
          },
        },
        accepted: { on: { Submit: go('Submit', 'submitted', [counterparty(10)]) } },
        submitted: { type: 'final' },
        cancelled: { type: 'final' },
      },
    }),
    decisions: [
      'The issuer (a consultant or main contractor) drafts an instruction (pending) with CreatePropose (10), addressed to a sub-contractor.',
      'Issue (VerifyLevel1, 20) sends it to the sub-contractor (pendingAcceptance); no amount round: its cost is approved as a variation order.',
      'The sub-contractor records it opened it (View, 10), accepts it (Accept, 20) and submits its response (Submit, 10: submitted, final).',
      'The issuer cancels it with a remark while pending (10) or pending acceptance (20).',
    ],
  };
}
