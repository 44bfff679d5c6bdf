// `npm run store -- create-admin <email> [--name "<full name>"] [--force]`: a platform administrator on a store
// that has none (identity/first-administrator.ts decides; this file reads, mails and records). No password is
// set or printed: the address gets a set-password link, through the configured mail port (SMTP when SMTP_URL
// is set, else the outbox in DATA_DIR), and choosing the password with it activates the account.
//
// The mail goes first, as a forced reset's does: when the mail server refuses it nothing is recorded and the
// command can run again. Should the address be claimed between the check and the append, the mail sent holds
// a link that never works, and the command is refused.

import { randomBytes, randomUUID } from 'node:crypto';
import { SqlEventStore, WrongExpectedRevision, type EventStore, type EventMetadataInput } from '@binaan/event-store';
import type { ApiConfig } from '../config.js';
import { loadSecrets } from '../common/secrets.js';
import { AccountDirectory } from '../identity/account-directory.js';
import { AccountMail } from '../identity/account-mail.js';
import {
  administratorSignedUp,
  AdministratorRefused,
  decideCreateAdministrator,
  DEFAULT_ADMINISTRATOR_NAME,
  setPasswordLinkIssued,
  STORE_CLI_ACTOR,
  type AdministratorDecision,
  type KnownAdministrator,
} from '../identity/first-administrator.js';
import type { UserEvent, UserStatus } from '../identity/identity.events.js';
import { IdentityKeys } from '../identity/identity-keys.js';
import { PasswordHasher } from '../identity/password-hasher.js';
import { RESET_TTL_MS } from '../identity/password.service.js';
import { token128 } from '../identity/secret-codes.js';
import { emailSenderFor } from '../messaging/messaging.module.js';
import { outboxFile } from '../messaging/outbox.js';
import { SmtpEmailSender } from '../messaging/smtp-email.sender.js';
import type { LookupKeys } from '../personal-data/lookup-keys.js';
import { BackupRefused } from './store-backup.js';

export const CREATE_ADMIN_USAGE = 'create-admin <email> [--name "<full name>"] [--force]';

type CreateAdminRun = {
  store: EventStore;
  args: readonly string[];
  config: ApiConfig;
  lookup: LookupKeys;
  out: { log(line: string): void };
};

/** The e-mail, the name and --force from the arguments after the verb; anything else is refused with the usage. */
function parse(args: readonly string[]): { email: string; name: string; force: boolean } {
  let email: string | undefined;
  let name = DEFAULT_ADMINISTRATOR_NAME;
  let force = false;
  for (let at = 1; at < args.length; at++) {
    const arg = args[at]!;
    if (arg === '--force') force = true;
    else if (arg === '--name' && args[at + 1] !== undefined) name = args[++at]!;
    else if (!arg.startsWith('--') && email === undefined) email = arg;
    else throw new BackupRefused(`unexpected "${arg}": ${CREATE_ADMIN_USAGE}`);
  }
  if (email === undefined) throw new BackupRefused(`an e-mail address is needed: ${CREATE_ADMIN_USAGE}`);
  return { email, name, force };
}

/** Every platform administrator: from identity's read model on the SQL stores (fed in the append's transaction), else from the log. */
async function administratorsIn(store: EventStore): Promise<KnownAdministrator[]> {
  if (store instanceof SqlEventStore) {
    return store.db.query<KnownAdministrator>(
      'SELECT user_id AS "userId", status FROM identity_users WHERE user_type = 2 ORDER BY registered_at, user_id',
    );
  }
  const found = new Map<string, UserStatus>();
  for await (const page of store.readAllPages()) {
    for (const stored of page.events) {
      const event = { type: stored.type, data: stored.data } as UserEvent;
      const userId = stored.streamId.slice('user-'.length);
      if (event.type === 'UserSignedUp' && event.data.userType === 2) found.set(userId, 'pending');
      else if (event.type === 'UserActivated' && found.has(userId)) found.set(userId, 'activated');
    }
  }
  return [...found].map(([userId, status]) => ({ userId, status }));
}

/** The decision, its refusal reported as the CLI's (exit 2). */
function decide(...given: Parameters<typeof decideCreateAdministrator>): AdministratorDecision {
  try {
    return decideCreateAdministrator(...given);
  } catch (error) {
    throw error instanceof AdministratorRefused ? new BackupRefused(error.message) : error;
  }
}

export async function createAdmin({ store, args, config, lookup, out }: CreateAdminRun): Promise<number> {
  const command = parse(args);
  const found = await new AccountDirectory(store, lookup).byEmail(command.email);
  const decision = decide({ administrators: await administratorsIn(store), account: found.account }, command);
  const { userId, email, name } = decision.kind === 'newAccount' ? { ...decision, userId: randomUUID() } : decision.account;
  const token = token128();
  const link = setPasswordLinkIssued(
    new IdentityKeys(loadSecrets(config).codeHmacKey).sealToken('reset', userId, token),
    new Date(Date.now() + RESET_TTL_MS),
  );
  const sender = emailSenderFor(config, () => new Date());
  try {
    await new AccountMail(sender, config).administratorActivation(email, name, token);
  } finally {
    if (sender instanceof SmtpEmailSender) sender.close();
  }
  const metadata: EventMetadataInput = {
    actorUserId: STORE_CLI_ACTOR,
    correlationId: randomUUID(),
    reason: decision.kind === 'newAccount' ? 'create-admin: a platform administrator' : 'create-admin --force: a new set-password link',
  };
  if (decision.kind === 'newLink') {
    await store.append({
      streamId: `user-${userId}`,
      streamType: 'user',
      expectedRevision: decision.account.revision,
      events: [{ ...link, metadata }],
    });
  } else {
    try {
      await store.append({
        streamId: `email-${found.key}`,
        streamType: 'emailClaim',
        expectedRevision: found.claimRevision ?? 'no_stream',
        events: [{ type: 'EmailClaimed', data: { userId }, metadata }],
      });
    } catch (error) {
      throw error instanceof WrongExpectedRevision
        ? new BackupRefused(`${email} was claimed by another account meanwhile: nothing is recorded, and the link e-mailed never works`)
        : error;
    }
    // The hash of 256 random bits nobody is told: no password signs in until one is chosen with the link.
    const signedUp = administratorSignedUp(userId, email, name, await new PasswordHasher().hash(randomBytes(32).toString('base64url')));
    await store.append({
      streamId: `user-${userId}`,
      streamType: 'user',
      expectedRevision: 'no_stream',
      events: [signedUp, link].map((event) => ({ ...event, metadata })),
    });
  }
  out.log(
    decision.kind === 'newAccount'
      ? `Created platform administrator ${userId} (${email}, "${name}"), waiting for activation. No password is set.`
      : `Platform administrator ${userId} (${email}) is still waiting for activation: a new set-password link replaces the earlier one.`,
  );
  const expires = `it works once and expires in ${RESET_TTL_MS / 60_000} minutes`;
  out.log(
    config.smtpUrl
      ? `The set-password link was e-mailed to ${email} through SMTP (${new URL(config.smtpUrl).host}); ${expires}.`
      : `The set-password link went to the outbox ${outboxFile(config.dataDir, 'email')} (no SMTP_URL is set); ${expires}.`,
  );
  out.log(`Choosing the password activates the account; then sign in at ${config.publicUrl}/auth/sign-in.`);
  return 0;
}
