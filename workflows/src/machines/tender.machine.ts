import { initialContext } from '../context.js';
import {
  NO_DOCUMENT,
  amount,
  own,
  remark,
  system,
  transitionsFor,
  withinLimit,
  workflowSetup,
  type WorkflowDefinition,
} from '../define-workflow.js';

const VERSION = 1;
/** Steps of the bid evaluation: recorded, but not between the tendering company and its bidders. */
const INTERNAL = false;
const { go, approve, reject, escalate } = transitionsFor('tender');
const cancel = (level: 10 | 20) => go('Cancel', 'cancelled', [own(level), remark]);
/**
 * The contract approved through the letter of award made from the award: the letter's own round,
 * by the authority manual's amount limits, is the contract's approval, so its last approval is carried onto
 * the tender by the system (`system:tender-award`), inside the tendering company.
 */
const contractApprovedByLetter = go('Approve', 'contractAwarded', [system], 'none', INTERNAL);
/**
 * The same letter ending without a contract (rejected in its round, rejected by the seller, or voided by the
 * buyer) is carried onto the tender by the system as Reject to draftContractRejected, from which the buyer
 * awards again (Procore's "award declined", Ariba's award withdrawn: the event goes back to the award step).
 */
const contractRejectedByLetter = go('Reject', 'draftContractRejected', [system], 'none', INTERNAL);

/**
 * A tender: approved for activation, open for bids (active), closed for comparison, then a draft contract
 * approved and awarded (spec prose: new, pendingActivation, active, comparison, draftContract,
 * pendingContractApproval, contractAwarded, draftContractRejected, cancelled, rejected).
 */
export const tenderWorkflow: WorkflowDefinition<'tender'> = {
  resource: 'tender',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'tender',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('tender', VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: go('Create', 'new', [own(10)]) } },
      new: {
        on: {
          Request_Approve: go('Request_Approve', 'pendingActivation', [own(10), withinLimit], 'open'),
          Cancel: cancel(10),
        },
      },
      pendingActivation: {
        on: {
          Approve: approve('active', 'pendingActivation'),
          Reject: reject('rejected', 'pendingActivation'),
          Escalate: escalate('pendingActivation'),
          Cancel: cancel(10),
        },
      },
      rejected: {
        on: {
          Resubmit: go('Resubmit', 'pendingActivation', [own(10), withinLimit], 'open'),
          Cancel: cancel(10),
        },
      },
      active: {
        on: {
          Close: [go('Close', 'comparison', [system]), go('Close', 'comparison', [own(10)])],
          Cancel: cancel(20),
        },
      },
      comparison: {
        on: {
          Shortlist: go('Shortlist', 'comparison', [own(10)], 'none', INTERNAL),
          Evaluate: go('Evaluate', 'comparison', [own(10)], 'none', INTERNAL),
          Reopen: go('Reopen', 'active', [own(20), remark]),
          Draft_Contract: go('Draft_Contract', 'draftContract', [own(10)], 'none', INTERNAL),
          Cancel: cancel(20),
        },
      },
      draftContract: {
        on: {
          Approve: contractApprovedByLetter,
          Reject: contractRejectedByLetter,
          Request_Approve: go('Request_Approve', 'pendingContractApproval', [own(10), amount, withinLimit], 'open'),
          Cancel: cancel(20),
        },
      },
      pendingContractApproval: {
        on: {
          Approve: [contractApprovedByLetter, ...approve('contractAwarded', 'pendingContractApproval')],
          Reject: [contractRejectedByLetter, ...reject('draftContractRejected', 'pendingContractApproval')],
          Escalate: escalate('pendingContractApproval'),
        },
      },
      draftContractRejected: {
        on: {
          // The latest award's letter resubmitted after its rejection and approved: the contract is awarded.
          Approve: contractApprovedByLetter,
          Draft_Contract: go('Draft_Contract', 'draftContract', [own(10)], 'none', INTERNAL),
          Cancel: cancel(20),
        },
      },
      // Not final: the seller may still reject the letter it was sent (or the buyer void it), which the
      // system carries back to draftContractRejected. No user action leaves it.
      contractAwarded: { on: { Reject: contractRejectedByLetter } },
      cancelled: { type: 'final' },
    },
  }),
  decisions: [
    'Two approval rounds: activation (pendingActivation; the last required level makes the tender active) and the contract (pendingContractApproval, with the award amount deciding the levels).',
    'The tender closes for comparison by the system at closing time or by hand (manual close, CreatePropose); Reopen (VerifyLevel1, remark) puts it back to active.',
    'Shortlist and Evaluate are recorded in comparison without changing the status, so the history shows them.',
    'Draft_Contract starts the draft PO/WO/LOA/RO; a rejected draft is revised with Draft_Contract again.',
    "The letter of award made from the award is the contract: its last approval (by the authority manual's amount limits, on the letter) is recorded on the tender by the system as Approve to contractAwarded, from draftContract or from a round of the tender's own already opened; the tender's own round stays for a contract without a letter.",
    'Between companies (what an invited bidder sees of the history once the tender is active): activation, Close, Reopen and Cancel; Shortlist, Evaluate and the contract draft and its approval stay inside the tendering company.',
    'The letter of the latest award rejected in its round, rejected by the seller or voided by the buyer is recorded on the tender by the system as Reject to draftContractRejected (from draftContract, pendingContractApproval or contractAwarded), where the buyer awards again; that letter resubmitted and approved moves it to contractAwarded again.',
    "Cancel needs a remark: CreatePropose before the tender is active, VerifyLevel1 from then on. cancelled is final; contractAwarded takes no user action (only the system's Reject above).",
  ],
};
