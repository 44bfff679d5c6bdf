// Which steps pass between the two companies of a document (TransitionMeta.betweenCompanies): what a
// counterparty may see of the history once the document is shared with it (apps/api documents README).
import { describe, expect, it } from '@jest/globals';
import type { WorkflowResource } from '@binaan/contracts';
import { catalogueEntry } from './catalogue.js';

/** Events of a resource marked between companies, and those not (each event once, any row). */
function split(resource: WorkflowResource): { between: string[]; internal: string[] } {
  const between = new Set<string>();
  const internal = new Set<string>();
  for (const t of catalogueEntry(resource).transitions) (t.betweenCompanies ? between : internal).add(`${t.from ?? '-'}:${t.event}`);
  return { between: [...between].sort(), internal: [...internal].sort() };
}

describe('steps between companies', () => {
  it("purchase order: the seller's answers and the buyer's own moves are; the buyer's approval round is not", () => {
    expect(split('purchaseOrder')).toEqual({
      between: [
        '-:Create',
        'accepted:Cancel',
        'accepted:Fulfil',
        'new:Cancel',
        'pendingConfirmation:Cancel',
        'pendingConfirmation:Confirm',
        'pendingConfirmation:Reject_By_Seller',
        'pendingConfirmation:View',
      ],
      internal: ['new:Approve', 'new:Escalate', 'new:Reject', 'new:Request_Approve', 'rejected:Resubmit'],
    });
  });

  it("invoice: the buyer's Accept and Reject_By_Buyer are; the seller's verification round is not", () => {
    const { between, internal } = split('invoice');
    expect(between).toEqual(
      expect.arrayContaining(['pendingAcceptance:Accept', 'pendingAcceptance:Reject_By_Buyer', 'pendingAcceptance:View']),
    );
    expect(internal).toEqual(
      expect.arrayContaining([
        'new:Request_Verify',
        'pendingVerification:Approve',
        'pendingVerification:Reject',
        'pendingApproval:Approve',
        'rejected:Resubmit',
      ]),
    );
  });

  it('tender: Close, Reopen and Cancel are; bid evaluation and the contract draft stay inside the tendering company', () => {
    const { between, internal } = split('tender');
    expect(between).toEqual(expect.arrayContaining(['active:Close', 'active:Cancel', 'comparison:Reopen', 'comparison:Cancel']));
    expect(internal).toEqual(
      expect.arrayContaining([
        'comparison:Shortlist',
        'comparison:Evaluate',
        'comparison:Draft_Contract',
        'draftContract:Request_Approve',
        'pendingContractApproval:Approve',
      ]),
    );
  });
});
