import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@binaan/event-store';
import {
  administratorSignedUp,
  AdministratorRefused,
  decideCreateAdministrator,
  setPasswordLinkIssued,
  type CreateAdministrator,
  type FirstAdministratorState,
} from './first-administrator.js';
import type { UserEvent } from './identity.events.js';
import { foldUserAccount } from './user-account.js';

const USER = '0b9e7a52-7c1e-4c47-9a53-2f1d3b0c9e11';
const EXPIRES = new Date('2026-12-01T10:30:00.000Z');

/** A user stream as stored: the events in order, recorded a second apart. */
const stream = (...events: UserEvent[]): StoredEvent[] =>
  events.map((event, revision) => ({
    ...event,
    id: `e${revision}`,
    streamId: `user-${USER}`,
    streamType: 'user',
    revision,
    globalPosition: revision + 1,
    metadata: { recordedAt: new Date(Date.UTC(2026, 11, 1, 10, 0, revision)).toISOString() },
    prevHash: '',
    hash: '',
  }));

const pendingAdministrator = () =>
  foldUserAccount(
    stream(administratorSignedUp(USER, 'first@binaan.my', 'Aminah Platform', 'hash'), setPasswordLinkIssued('hmac', EXPIRES)),
  )!;
const command = (overrides: Partial<CreateAdministrator> = {}): CreateAdministrator => ({
  email: 'Admin@Binaan.my ',
  name: 'Platform administrator',
  force: false,
  ...overrides,
});
const refusalOf = (state: FirstAdministratorState, given: CreateAdministrator) => {
  try {
    decideCreateAdministrator(state, given);
  } catch (error) {
    if (error instanceof AdministratorRefused) return { reason: error.reason, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};
const empty: FirstAdministratorState = { administrators: [], account: null };

describe('create a platform administrator from the store CLI', () => {
  it('given no administrator and no account for the address, then a new account for the address as given, normalised', () => {
    expect(decideCreateAdministrator(empty, command({ name: '  Aminah Platform ' }))).toEqual({
      kind: 'newAccount',
      email: 'admin@binaan.my',
      name: 'Aminah Platform',
    });
  });

  it.each([['not-an-email'], [''], ['   '], ['two@@binaan.my']])('given the address %p, then refused as not valid', (email) => {
    expect(refusalOf(empty, command({ email }))).toMatchObject({ reason: 'invalidEmail' });
  });

  it('given a name of five characters, then refused as a sign-up is', () => {
    expect(refusalOf(empty, command({ name: 'Admin' }))).toEqual({
      reason: 'invalidName',
      message: 'the full name must be 6 to 200 characters',
    });
  });

  it('given an administrator, then refused naming them; with --force, a new account all the same', () => {
    const state: FirstAdministratorState = { administrators: [{ userId: 'u-1', status: 'activated' }], account: null };
    expect(refusalOf(state, command())).toEqual({
      reason: 'administratorExists',
      message: 'a platform administrator exists already (u-1 activated); --force makes another',
    });
    expect(decideCreateAdministrator(state, command({ force: true }))).toMatchObject({ kind: 'newAccount' });
  });

  it('given many administrators, then the refusal names three and counts the rest', () => {
    const administrators = ['a', 'b', 'c', 'd', 'e'].map((userId) => ({ userId, status: 'activated' as const }));
    expect(refusalOf({ administrators, account: null }, command()).message).toBe(
      'a platform administrator exists already (a activated, b activated, c activated and 2 more); --force makes another',
    );
  });

  it('given an activated account for the address, then refused saying so, with --force too', () => {
    const account = foldUserAccount(
      stream(
        {
          type: 'UserSignedUp',
          data: {
            userId: USER,
            email: 'admin@binaan.my',
            name: 'Someone Else',
            mobile: '+60123456789',
            passwordHash: 'h',
            userType: 1,
            forceChangePassword: false,
          },
        },
        { type: 'UserActivated', data: { via: 'pin' } },
      ),
    );
    for (const force of [false, true]) {
      expect(refusalOf({ administrators: [], account }, command({ force }))).toEqual({
        reason: 'emailTaken',
        message: `admin@binaan.my already has an account (${USER}, activated)`,
      });
    }
  });

  it('given the pending administrator the address names, then refused with the hint; with --force, a new link for that account', () => {
    const account = pendingAdministrator();
    const state: FirstAdministratorState = { administrators: [{ userId: USER, status: 'pending' }], account };
    expect(refusalOf(state, command()).message).toBe(
      `admin@binaan.my already has an account (${USER}, pending): a platform administrator waiting for activation (--force sends a new set-password link)`,
    );
    expect(decideCreateAdministrator(state, command({ force: true }))).toEqual({ kind: 'newLink', account });
  });

  it('given the events it records, then the account folds as a pending type 2 with no mobile and a link that activates it', () => {
    expect(pendingAdministrator()).toMatchObject({
      userId: USER,
      userType: 2,
      status: 'pending',
      mobile: '',
      forceChangePassword: false,
      activation: null,
      reset: { tokenHmac: 'hmac', expiresAt: EXPIRES.toISOString(), activatesAccount: true, failures: 0 },
    });
  });
});
