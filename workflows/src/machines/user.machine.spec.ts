import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

describeWorkflowTable(
  'user',
  [
    [null, 'Create', 'pending', 'system'],
    [null, 'Create', 'pending', 'own10'],
    ['pending', 'Activate', 'activated', 'system'],
    ['pending', 'Activate', 'activated', 'own20'],
    ['pending', 'Reject', 'deactivated', 'own20', 'remark'],
    ['pending', 'Terminate', 'terminated', 'own20', 'remark'],
    ['activated', 'Suspend', 'suspended', 'own20', 'remark'],
    ['activated', 'Deactivate', 'deactivated', 'own20'],
    ['activated', 'Terminate', 'terminated', 'own20', 'remark'],
    ['suspended', 'Activate', 'activated', 'own20'],
    ['suspended', 'Deactivate', 'deactivated', 'own20'],
    ['suspended', 'Terminate', 'terminated', 'own20', 'remark'],
    ['deactivated', 'Activate', 'activated', 'own20'],
    ['deactivated', 'Terminate', 'terminated', 'own20', 'remark'],
  ] satisfies Row[],
  // The spec's own messages (§8.3) ride along as the refusal's detail.
  {
    'pending Suspend': 'pendingUserCannotBeSuspended',
    'suspended Suspend': 'userAlreadySuspended',
    'activated Activate': 'userAlreadyActivated',
    'deactivated Deactivate': 'userAlreadyDeactivated',
    'terminated Activate': 'userTerminated',
    'terminated Terminate': 'userTerminated',
  },
);
