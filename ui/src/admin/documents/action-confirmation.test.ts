import { describe, expect, it } from 'vitest';
import { confirmationFamily, needsDialog } from './action-confirmation.js';

describe('which actions ask for confirmation', () => {
  it('asks for every irreversible family, whatever follows the first word', () => {
    expect(confirmationFamily('Approve')).toBe('approve');
    expect(confirmationFamily('Reject_By_Seller')).toBe('reject');
    expect(confirmationFamily('Cancel')).toBe('cancel');
    expect(confirmationFamily('Close')).toBe('close');
    expect(confirmationFamily('Revoke')).toBe('revoke');
  });
  it('sends the reversible or harmless ones at once', () => {
    for (const event of ['Request_Approve', 'View', 'Submit', 'Resubmit', 'Fulfil', 'Hold'])
      expect(confirmationFamily(event), event).toBeNull();
    expect(needsDialog('Request_Approve', { remark: false, amount: false })).toBe(false);
  });
  it('opens the dialog for a remark even on an action that is not irreversible', () => {
    expect(needsDialog('Hold', { remark: true, amount: false })).toBe(true);
  });
});
