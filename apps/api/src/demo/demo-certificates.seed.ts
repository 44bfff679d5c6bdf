// Seeds the demo events and certificates through the certificates context's own services (the same
// decide, append and projection path as a request), with Aminah (administrator) organizing and Farid
// (site team) scanning at the door. The services are built here with a clock the seed sets (the past
// event's fixed times) and ids derived from each event's key, and the data folder's first signing key is
// the demo key (certificate-keys.ts), so the past event's QR texts are the same on every fresh start.
// Logs the QR text of a genuine and of the revoked certificate, so the verification page can be tried at once.
import { createHash } from 'node:crypto';
import { Logger, type INestApplicationContext } from '@nestjs/common';
import { certificateQrText, encodeAccessRights } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { CertificateMail } from '../certificates/certificate-mail.js';
import { CertificateSigner } from '../certificates/certificate-signer.js';
import { registrationStream, type CertificateIssuedData } from '../certificates/certificate.events.js';
import { newCertificateNo, ticketCode, type CertificateIds } from '../certificates/certificate-ids.js';
import { CERTIFICATE_SIGNING_KEY, type CertificateKeyring } from '../certificates/certificate-keys.js';
import { OrganizerService } from '../certificates/organizer.service.js';
import { PublicCertificatesService } from '../certificates/public.service.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { SECRETS, type Secrets } from '../common/secrets.js';
import type { ApiConfig } from '../config.js';
import { LookupKeys } from '../personal-data/lookup-keys.js';
import { API_CONFIG, EVENT_STORE } from '../store/store.tokens.js';
import { DEMO_COMPANIES, DEMO_ROLES } from './demo-data.js';
import { DEMO_EVENTS, DEMO_ORGANIZER, DEMO_REVOKE_REASON, type DemoEvent } from './demo-certificates.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type SeededCertificates = {
  events: number;
  certificates: number;
  genuineQr: string | null;
  revokedQr: string | null;
  demoKey: boolean;
};

/** Ids and certificate numbers from SHA-256 of the event's key and a counter: the same on every seed. */
export function demoCertificateIds(eventKey: string): CertificateIds {
  let n = 0;
  const bytes = (kind: string) => createHash('sha256').update(`binaan-demo-v1/${eventKey}/${kind}/${n++}`).digest();
  return {
    id: () => bytes('id').subarray(0, 16).toString('base64url'),
    certificateNo: () => newCertificateNo(bytes('certificate').subarray(0, 17)),
  };
}

/** When each step of a past event happens: participant `i`'s times, minutes apart, from the fixed start. */
function pastTimes(start: number, i: number) {
  return {
    created: start - 22 * DAY,
    published: start - 21 * DAY,
    registered: start - 15 * DAY + i * 37 * MINUTE,
    checkIn: start - 20 * MINUTE + i * 3 * MINUTE,
    repeated: start - 19 * MINUTE + i * 3 * MINUTE,
    checkOut: start + 3 * HOUR + 5 * MINUTE + i * 2 * MINUTE,
    issued: start + 7 * HOUR + i * MINUTE,
    approved: start + DAY + 30 * MINUTE + i * MINUTE,
    emailed: start + DAY + 35 * MINUTE + i * MINUTE,
    revoked: start + 2 * DAY + 2 * HOUR,
  };
}

export async function seedDemoCertificates(app: INestApplicationContext): Promise<SeededCertificates> {
  const get = <T>(token: symbol | (abstract new (...args: never[]) => unknown)) => app.get<T>(token, { strict: false });
  const db = get<SqlExecutor>(READ_MODELS);
  const secrets = get<Secrets>(SECRETS);
  const store = get<EventStore>(EVENT_STORE);
  const appClock = get<Clock>(CLOCK);
  const demoKey = get<CertificateKeyring>(CERTIFICATE_SIGNING_KEY).adoptDemoKey();
  const [signer, mail, config] = [
    get<CertificateSigner>(CertificateSigner),
    get<CertificateMail>(CertificateMail),
    get<ApiConfig>(API_CONFIG),
  ];
  const principal = async (email: string): Promise<Principal> => {
    const [user] = await db.query<{ user_id: string }>('SELECT user_id FROM identity_users WHERE email = $1', [email]);
    if (!user) throw new Error(`demo certificates: ${email} is not a seeded demo user`);
    const company = DEMO_COMPANIES.find((c) => c.key === DEMO_ORGANIZER.company)!;
    const roles = company.members.find((m) => m.email === email)!.roles;
    const rights = DEMO_ROLES.filter((role) => roles.includes(role.roleId)).flatMap((role) => role.accessRights);
    return {
      userId: user.user_id,
      sessionId: 'demo-seed',
      email,
      userType: 1,
      companyId: company.key,
      accessRights: encodeAccessRights(rights),
      readOnly: false,
      restriction: null,
    };
  };
  const manager = await principal(DEMO_ORGANIZER.manager);
  const scanner = await principal(DEMO_ORGANIZER.scanner);
  const seeded: SeededCertificates = { events: 0, certificates: 0, genuineQr: null, revokedQr: null, demoKey };

  for (const plan of DEMO_EVENTS) {
    // A past event runs on its fixed times; an upcoming one on the app's clock.
    let at: number | null = null;
    const clock: Clock = () => (at === null ? appClock() : new Date(at));
    const step = (time: number) => {
      if ('heldAt' in plan) at = time;
    };
    const ids = demoCertificateIds(plan.key);
    const organizer = new OrganizerService(store, db, clock, secrets, signer, mail, ids);
    const visitors = new PublicCertificatesService(store, db, clock, secrets, get<LookupKeys>(LookupKeys), config, signer, mail, ids);
    const start = startOf(plan, appClock());
    step(pastTimes(start, 0).created);
    const { data } = await organizer.create(manager, {
      title: plan.title,
      location: plan.location,
      date: new Date(start).toISOString(),
      description: plan.description,
      ...(plan.minimumMinutes ? { minimum_minutes: plan.minimumMinutes } : {}),
    });
    seeded.events += 1;
    if (!plan.publish) continue;
    step(pastTimes(start, 0).published);
    await organizer.publish(manager, data.id);
    for (const [i, p] of plan.participants.entries()) {
      const times = pastTimes(start, i);
      step(times.registered);
      await visitors.register({ article_id: data.id, name: p.name, email: p.email, contact: p.contact, company_name: p.companyName ?? '' });
      const [row] = await db.query<{ registration_id: string }>(
        'SELECT registration_id FROM cert_registrations WHERE article_id = $1 AND email = $2',
        [data.id, p.email],
      );
      const registrationId = row!.registration_id;
      const code = ticketCode(secrets.codeHmacKey, registrationId);
      step(times.checkIn);
      if (p.checkIn) await organizer.scan(scanner, data.id, { code }, 'checkIn');
      step(times.repeated);
      if (p.checkIn && p.checkOut === undefined) await organizer.scan(scanner, data.id, { code }, 'checkIn').catch(() => undefined); // a repeated scan, recorded as failed
      step(times.checkOut);
      if (p.checkOut) await organizer.scan(scanner, data.id, { code }, 'checkOut');
      if (!p.certificate) continue;
      step(times.issued);
      await organizer.issue(manager, registrationId);
      step(times.approved);
      await organizer.approve(manager, registrationId);
      step(times.emailed);
      if (p.certificate === 'emailed') await organizer.sendEmail(manager, registrationId);
      step(times.revoked);
      if (p.certificate === 'revoked') await organizer.revoke(manager, registrationId, { reason: DEMO_REVOKE_REASON });
      seeded.certificates += 1;
      const qr = await qrOf(store, registrationId);
      if (p.certificate === 'revoked') seeded.revokedQr = qr;
      else seeded.genuineQr ??= qr;
    }
  }
  const logger = new Logger('demo');
  logger.log(`Demo certificate QR text (genuine): ${seeded.genuineQr}`);
  logger.log(`Demo certificate QR text (revoked): ${seeded.revokedQr}`);
  if (!demoKey)
    logger.warn(
      "The demo certificates are signed with this instance's own key (CERTIFICATE_SIGNING_KEY or a kept one): their QR texts differ from the README's.",
    );
  return seeded;
}

/** A past event's fixed start, or an upcoming one's: `days` from today at 10 am in Kuala Lumpur. */
function startOf(plan: DemoEvent, now: Date): number {
  return 'heldAt' in plan ? Date.parse(plan.heldAt) : Math.floor(now.getTime() / DAY) * DAY + plan.days * DAY + 2 * HOUR;
}

/** The QR text as the certificate PDF prints it, from the issue record in the store. */
async function qrOf(store: EventStore, registrationId: string): Promise<string> {
  const events = await store.readStream(registrationStream(registrationId));
  const c = events.find((e) => e.type === 'EventCertificateIssued')!.data as unknown as CertificateIssuedData;
  return certificateQrText({
    id: c.registrationId,
    article_id: c.articleId,
    user_id: c.userId,
    certificate_no: c.certificateNo,
    signature: c.signature,
  });
}
