// The chosen company's place in the public contractor directory: read by its people who may see its profile,
// changed by those who may change it (the rights the registration's own edits need), decided on its stream.

import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, type DirectoryListingView } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import type { CompanyState } from './company-state.js';
import { CompanyStreams } from './company-streams.js';
import { decideDirectoryListing, isListed, tradesOf } from './directory-listing.decider.js';

export const LISTING_VIEW_RIGHTS = ['administration.companyProfile.view', 'administration.companyProfile.update'] as const;
export const LISTING_CHANGE_RIGHT = 'administration.companyProfile.update' as const;

@Injectable()
export class DirectoryListingService {
  constructor(
    private readonly streams: CompanyStreams,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  async view(principal: Principal): Promise<DirectoryListingView> {
    return this.describe(await this.streams.load(companyOf(principal, ...LISTING_VIEW_RIGHTS)));
  }

  async change(principal: Principal, body: unknown): Promise<DirectoryListingView> {
    if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    const state = await this.streams.load(companyOf(principal, LISTING_CHANGE_RIGHT));
    const events = decideDirectoryListing(state, body);
    if (events.length === 0) return this.describe(state);
    await this.streams.append(state.companyId, state.revision, events, principal);
    return this.describe(await this.streams.load(state.companyId));
  }

  private async describe(state: CompanyState): Promise<DirectoryListingView> {
    const change = state.directoryListing;
    const [by] = change?.byUserId
      ? await this.db.query<{ name: string }>('SELECT name FROM identity_users WHERE user_id = $1', [change.byUserId])
      : [];
    const approved = state.submission.status === 'approved';
    const trades = tradesOf(state);
    return {
      listed: isListed(state),
      shown: approved && isListed(state) && trades.length > 0,
      approved,
      trades,
      changedAt: change?.at ?? null,
      changedBy: by?.name ?? null,
      reason: change?.reason ?? null,
      revision: state.revision,
    };
  }
}
