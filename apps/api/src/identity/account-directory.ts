// Finds accounts by e-mail (through the e-mail claim stream) or by id, always from the streams, so a
// sign-in reads what was just written.

import { Inject, Injectable } from '@nestjs/common';
import { normaliseEmail } from '@binaan/contracts';
import type { EventStore } from '@binaan/event-store';
import { EVENT_STORE } from '../store/store.tokens.js';
import { emailKey } from './secret-codes.js';
import { foldUserAccount, type UserAccount } from './user-account.js';

export type EmailLookup = { email: string; key: string; account: UserAccount | null; claimRevision: number | null };

@Injectable()
export class AccountDirectory {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async byId(userId: string): Promise<UserAccount | null> {
    return foldUserAccount(await this.store.readStream(`user-${userId}`));
  }

  async byEmail(rawEmail: string): Promise<EmailLookup> {
    const email = normaliseEmail(rawEmail);
    const key = emailKey(email);
    const claims = await this.store.readStream(`email-${key}`);
    const last = claims[claims.length - 1];
    if (!last) return { email, key, account: null, claimRevision: null };
    const account = await this.byId((last.data as { userId: string }).userId);
    // A claim whose account was never written (a sign-up cut short) holds nothing: the address is free again.
    return { email, key, account, claimRevision: last.revision };
  }
}
