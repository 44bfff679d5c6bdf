// Deciding a company's place in the public contractor directory (pure but for the refusal type). Listing is
// the company's own choice, made before or after its approval: the directory shows it once it is approved.

import { ErrorCodes, directoryListingErrors, directoryTradesOf, type DirectoryListingInput, type DirectoryTrade } from '@binaan/contracts';
import { refusal } from '../common/refusal.js';
import type { CompanyChange } from './company-admin.decider.js';
import type { CompanyState } from './company-state.js';

/** The trades the company is found under: from its registered details, else (companies recorded before details) its subscription alone. */
export const tradesOf = (state: CompanyState): DirectoryTrade[] =>
  directoryTradesOf({
    subscriptionType: state.details?.subscriptionType ?? state.subscriptionType,
    cidbSpecialisations: state.details?.cidbSpecialisations,
  });

export const isListed = (state: CompanyState) => state.directoryListing?.listed === true;

/**
 * `body`: { listed, reason }. A company offering no trade cannot be listed (taking one off is always allowed).
 * Asking for what already holds records nothing: the switch may be sent twice.
 */
export function decideDirectoryListing(state: CompanyState, body: unknown): CompanyChange[] {
  const fields = directoryListingErrors(body);
  if (Object.keys(fields).length > 0)
    throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
  const { listed, reason } = body as DirectoryListingInput;
  if (listed && tradesOf(state).length === 0) {
    throw refusal(
      422,
      ErrorCodes.noDirectoryTrade,
      'Only a company that offers a trade (a CIDB contractor, a seller, a consultant) is listed in the contractor directory.',
    );
  }
  if (listed === isListed(state)) return [];
  return [{ type: 'CompanyDirectoryListingChanged', data: { listed, reason: reason.trim() } }];
}
