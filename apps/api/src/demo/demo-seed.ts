// Seeds the demo data into an empty store, through the same events the product records (no back doors):
// accounts signed up, activated and with the terms accepted; companies registered with their status,
// roles, members and authority; one call for interest. Then (seedDemo, on the running app) documents of
// every kind through the documents context's commands (the tender in comparison with its sellers' quotations), and
// a bill of quantity with its budget and progress plan in the project users meet first. Runs when DEMO_DATA=on (npm start sets it).

import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import type { EventStore, NewEvent } from '@binaan/event-store';
import { LATEST_EULA_VERSION } from '../identity/eula.js';
import { PasswordHasher } from '../identity/password-hasher.js';
import { seedAuthorityAndProjectsDemo } from '../projects/authority-projects.demo.js';
import { emailClaimStream, LookupKeys, phoneStream } from '../personal-data/lookup-keys.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { DEMO_COMPANIES, DEMO_INVITATION, DEMO_PASSWORD, DEMO_ROLES, DEMO_USERS } from './demo-data.js';
import { DEMO_DIRECTORY } from './demo-directory.js';
import { DEMO_PROFILES } from './demo-profiles.js';
import { seedDemoDocuments } from './demo-documents.seed.js';
import { DEMO_DOCUMENTS } from './demo-documents.js';
import { seedDemoCertificates } from './demo-certificates.seed.js';
import { DEMO_BQ, DEMO_BQ_PROJECT, seedDemoBq } from './demo-bq.seed.js';
import { seedDemoPlans } from './demo-plans.seed.js';
import { seedDemoSetups } from '../company-setups/company-setups.demo.js';
import { DEMO_CATALOGUE, seedDemoCatalogue } from './demo-catalogue.seed.js';

const SEED = { actorUserId: 'system:demo-seed', correlationId: 'demo-seed' };

/** `lookup`: the app's (app.get(LookupKeys)): the e-mail and mobile claims are keyed with it. */
export async function seedDemoData(
  store: EventStore,
  lookup: LookupKeys,
  hasher = new PasswordHasher(),
): Promise<{ seeded: boolean; users: number; companies: number }> {
  return (await seedDemoAccounts(store, lookup, hasher)).result;
}

/** The accounts and companies, and the id each demo e-mail got (the projects and authority demo names users by them). */
async function seedDemoAccounts(
  store: EventStore,
  lookup: LookupKeys,
  hasher: PasswordHasher,
): Promise<{ result: { seeded: boolean; users: number; companies: number }; userIds: Map<string, string> }> {
  const userIds = new Map<string, string>();
  if ((await store.lastPosition()) > 0) return { result: { seeded: false, users: 0, companies: 0 }, userIds };
  for (const user of DEMO_USERS) {
    const userId = randomUUID();
    userIds.set(user.email, userId);
    const meta = { ...SEED, actorUserId: userId };
    await store.append({
      streamId: emailClaimStream(lookup, user.email),
      streamType: 'emailClaim',
      expectedRevision: 'no_stream',
      events: [{ type: 'EmailClaimed', data: { userId }, metadata: SEED }],
    });
    await store.append({
      streamId: phoneStream(lookup, user.mobile),
      streamType: 'phone',
      expectedRevision: 'no_stream',
      events: [{ type: 'PhoneClaimed', data: { userId }, metadata: SEED }],
    });
    await store.append({
      streamId: `user-${userId}`,
      streamType: 'user',
      expectedRevision: 'no_stream',
      events: [
        {
          type: 'UserSignedUp',
          data: {
            userId,
            email: user.email,
            name: user.name,
            mobile: user.mobile,
            passwordHash: await hasher.hash(DEMO_PASSWORD),
            userType: user.userType,
            forceChangePassword: false,
          },
          metadata: meta,
        },
        { type: 'UserActivated', data: { via: 'seed' }, metadata: SEED },
        { type: 'EulaAccepted', data: { version: LATEST_EULA_VERSION }, metadata: meta },
      ],
    });
    if (user.adminRights) {
      await store.append({
        streamId: `platformstaff-${userId}`,
        streamType: 'platformStaff',
        expectedRevision: 'no_stream',
        events: [
          {
            type: 'StaffRightsSet',
            data: { userId, rights: [...user.adminRights], reason: 'Demo: answers the contact form' },
            metadata: SEED,
          },
        ],
      });
    }
  }
  for (const company of DEMO_COMPANIES) {
    const events: NewEvent[] = [
      {
        type: 'CompanyRegistered',
        data: {
          companyId: company.key,
          name: company.name,
          registrationNo: company.registrationNo,
          subscriptionType: company.subscriptionType,
          subscriptionDetailType: company.subscriptionDetailType,
          isDemo: true,
        },
      },
      ...DEMO_ROLES.map((role) => ({
        type: 'CompanyRoleDefined',
        data: { roleId: role.roleId, name: role.name, accessRights: [...role.accessRights] },
      })),
      ...company.members.flatMap((member) =>
        member.roles.map((roleId) => ({
          type: 'CompanyUserAssigned',
          data: {
            userId: userIds.get(member.email)!,
            roleId,
            isSiteTeam: DEMO_ROLES.find((role) => role.roleId === roleId)?.isSiteTeam === true,
          },
        })),
      ),
      ...(company.authority ?? []).flatMap((grant) =>
        grant.levels.map((level) => ({
          type: 'CompanyAuthorityAssigned',
          data: { resourceCode: grant.resourceCode, userId: userIds.get(grant.email)!, level },
        })),
      ),
    ];
    const profile = DEMO_DIRECTORY[company.key];
    if (profile) {
      const details = {
        ...profile.details,
        name: company.name,
        registrationNo: company.registrationNo,
        subscriptionType: company.subscriptionType,
      };
      // Recorded as the company's administrator did it, so the profile names who listed it.
      const byAdministrator = { ...SEED, actorUserId: userIds.get(profile.registeredBy)! };
      events.push({
        type: 'CompanyDetailsRecorded',
        data: { details, registeredByUserId: byAdministrator.actorUserId },
        metadata: byAdministrator,
      });
      events.push({
        type: 'CompanyDirectoryListingChanged',
        data: { listed: true, reason: profile.listedBecause },
        metadata: byAdministrator,
      });
    }
    // Submission moves through its statuses one event at a time, as it would in use.
    for (let status = 2; status <= company.status; status++) events.push({ type: 'CompanySubmissionStatusChanged', data: { status } });
    await store.append({
      streamId: `company-${company.key}`,
      streamType: 'company',
      expectedRevision: 'no_stream',
      events: events.map((event) => ({ metadata: SEED, ...event })),
    });
  }
  for (const [companyKey, profile] of Object.entries(DEMO_PROFILES)) {
    // Entered by the company's administrator, as the profile page records it.
    const metadata = { ...SEED, actorUserId: userIds.get(profile.by)!, actorCompanyId: companyKey };
    const entries = (list: string, items: readonly object[]) =>
      items.map((fields) => ({ type: 'CompanyProfileEntryAdded', data: { list, entryId: randomUUID(), fields }, metadata }));
    await store.append({
      streamId: `companyprofile-${companyKey}`,
      streamType: 'companyProfile',
      expectedRevision: 'no_stream',
      events: [
        { type: 'CompanyInformationEdited', data: { information: profile.information }, metadata },
        ...entries('shareholders', profile.shareholders),
        ...entries('directors', profile.directors),
        ...entries('machinery', profile.machinery),
        ...entries('trackRecord', profile.trackRecord),
        ...(profile.sharing ? [{ type: 'CompanyProfileSharingChanged', data: profile.sharing, metadata }] : []),
      ] as NewEvent[],
    });
  }
  await store.append({
    streamId: `invitation-${DEMO_INVITATION.id}`,
    streamType: 'callForInterest',
    expectedRevision: 'no_stream',
    events: [
      {
        type: 'InvitationSent',
        data: {
          invitationId: DEMO_INVITATION.id,
          fromCompanyId: DEMO_INVITATION.from,
          toEmail: DEMO_INVITATION.toEmail,
          title: DEMO_INVITATION.title,
        },
        metadata: SEED,
      },
    ],
  });
  return { result: { seeded: true, users: DEMO_USERS.length, companies: DEMO_COMPANIES.length }, userIds };
}

export type DemoSeeded = { seeded: boolean; users: number; companies: number; documents: number };

/**
 * The whole demo on the running application (main.ts calls it after createApp): accounts and companies
 * as events, then documents through the documents context's own commands. Only on an empty store.
 * `step` hears each stage as it begins (npm start prints them: the whole takes about half a minute).
 */
export async function seedDemo(
  app: INestApplicationContext,
  hasher = new PasswordHasher(),
  step: (message: string) => void = () => undefined,
): Promise<DemoSeeded> {
  const store = app.get<EventStore>(EVENT_STORE, { strict: false });
  if ((await store.lastPosition()) === 0) step(`accounts and companies (${DEMO_USERS.length} users, ${DEMO_COMPANIES.length} companies)`);
  const { result: accounts, userIds } = await seedDemoAccounts(store, app.get(LookupKeys, { strict: false }), hasher);
  if (!accounts.seeded) return { ...accounts, documents: 0 };
  // Projects and authority manuals before the documents, so documents follow the manuals' amount limits.
  step('projects and authority manuals');
  await seedAuthorityAndProjectsDemo(store, { userIds });
  step('setups: project categories and regions, profit parameters, questionnaires');
  await seedDemoSetups(store, userIds.get('aminah@teguhbina.my')!);
  step(`documents (${DEMO_DOCUMENTS.length}, each through the workflow commands)`);
  const documents = await seedDemoDocuments(app);
  step(`a bill of quantity in ${DEMO_BQ_PROJECT} (${DEMO_BQ.length} tabs), its budget and its progress plan`);
  await seedDemoBq(app);
  await seedDemoPlans(app);
  step(`a catalogue of ${DEMO_CATALOGUE.length} items at Teguh Bina`);
  await seedDemoCatalogue(app);
  step('events, registrations and certificates');
  await seedDemoCertificates(app);
  return { ...accounts, documents: documents.length };
}
