// Finds accounts by e-mail (through the e-mail claim stream) or by id, always from the streams, so a
// sign-in reads what was just written.

import { Inject, Injectable } from '@nestjs/common';
import { normaliseEmail } from '@binaan/contracts';
import { ERASED, type EventStore } from '@binaan/event-store';
import { EVENT_STORE } from '../store/store.tokens.js';
import { emailClaimStream, LookupKeys } from '../personal-data/lookup-keys.js';
import { foldUserAccount, type UserAccount } from './user-account.js';

export type EmailLookup = { email: string; key: string; account: UserAccount | null; claimRevision: number | null };

@Injectable()
export class AccountDirectory {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly lookup: LookupKeys,
  ) {}

  async byId(userId: string): Promise<UserAccount | null> {
    return foldUserAccount(await this.store.readStream(`user-${userId}`));
  }

  async byEmail(rawEmail: string): Promise<EmailLookup> {
    const email = normaliseEmail(rawEmail);
    const key = this.lookup.email(email);
    const claims = await this.store.readStream(emailClaimStream(this.lookup, email));
    const last = claims[claims.length - 1];
    if (!last) return { email, key, account: null, claimRevision: null };
    const found = await this.byId((last.data as { userId: string }).userId);
    // A forgotten person's account holds no address any more: it no longer answers to one.
    const account = found && found.email === ERASED ? null : found;
    // A claim whose account was never written (a sign-up cut short) holds nothing: the address is free again.
    return { email, key, account, claimRevision: last.revision };
  }
}
