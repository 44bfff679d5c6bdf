import { initialContext } from '../context.js';
import { NO_DOCUMENT, own, remark, system, transitionsFor, workflowSetup, type WorkflowDefinition } from '../define-workflow.js';

const VERSION = 1;
const { go } = transitionsFor('companyRelation');

/**
 * A business-network relation as one company sees it: each company keeps its own record of the pair, so
 * `invited` (we invited them) and `beInvited` (they invited us) are both statuses. The api mirrors what one
 * side does onto the other side's record with system events.
 */
export const companyRelationWorkflow: WorkflowDefinition<'companyRelation'> = {
  resource: 'companyRelation',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'companyRelation',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('companyRelation', VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: [go('Create', 'noRelation', [system]), go('Create', 'noRelation', [own(10)])] } },
      noRelation: {
        on: {
          Invite: go('Invite', 'invited', [own(10)]),
          Receive_Invite: go('Receive_Invite', 'beInvited', [system]),
        },
      },
      invited: {
        on: {
          Confirm: go('Confirm', 'approved', [system]),
          Reject_By_System: go('Reject_By_System', 'cancelled', [system]),
          Cancel: go('Cancel', 'cancelled', [own(10), remark]),
        },
      },
      beInvited: {
        on: {
          Accept: go('Accept', 'approved', [own(10)]),
          Reject: go('Reject', 'cancelled', [own(10), remark]),
          Reject_By_System: go('Reject_By_System', 'cancelled', [system]),
        },
      },
      approved: {
        on: {
          Cancel: go('Cancel', 'cancelled', [own(10), remark]),
          Reject_By_System: go('Reject_By_System', 'cancelled', [system]),
        },
      },
      cancelled: {
        on: {
          Invite: go('Invite', 'invited', [own(10)]),
          Receive_Invite: go('Receive_Invite', 'beInvited', [system]),
        },
      },
    },
  }),
  decisions: [
    "One record per company and partner: Invite moves ours to invited, and the api records Receive_Invite (system) on the partner's record, which shows beInvited.",
    "The invited company accepts (Accept) or declines (Reject, remark) on its record; the api mirrors that as Confirm or Reject_By_System (system) on the inviter's record.",
    'Either side may end an invitation or partnership with Cancel and a remark; a cancelled relation may be invited again.',
    'All company-side actions need CreatePropose (10) on companyRelation in the company.',
  ],
};
