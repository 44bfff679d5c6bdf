// Seeds the demo events and certificates through the certificates context's own services (the same
// decide, append and projection path as a request), with Aminah (administrator) organizing and Farid
// (site team) scanning at the door. Logs the QR text of a genuine and of the revoked certificate, so the
// verification page can be tried at once.
import { Logger, type INestApplicationContext } from '@nestjs/common';
import { encodeAccessRights } from '@binaan/contracts';
import { certificateQrText } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { registrationStream, type CertificateIssuedData } from '../certificates/certificate.events.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { SECRETS, type Secrets } from '../common/secrets.js';
import { ticketCode } from '../certificates/certificate-ids.js';
import { OrganizerService } from '../certificates/organizer.service.js';
import { PublicCertificatesService } from '../certificates/public.service.js';
import { DEMO_COMPANIES, DEMO_ROLES } from './demo-data.js';
import { DEMO_EVENTS, DEMO_ORGANIZER, DEMO_REVOKE_REASON } from './demo-certificates.js';

const DAY = 86_400_000;

export type SeededCertificates = { events: number; certificates: number; genuineQr: string | null; revokedQr: string | null };

export async function seedDemoCertificates(app: INestApplicationContext): Promise<SeededCertificates> {
  const organizer = app.get(OrganizerService, { strict: false });
  const visitors = app.get(PublicCertificatesService, { strict: false });
  const db = app.get<SqlExecutor>(READ_MODELS, { strict: false });
  const secrets = app.get<Secrets>(SECRETS, { strict: false });
  const store = app.get<EventStore>(EVENT_STORE, { strict: false });
  const now = app.get<Clock>(CLOCK, { strict: false })();
  const principal = async (email: string): Promise<Principal> => {
    const [user] = await db.query<{ user_id: string }>('SELECT user_id FROM identity_users WHERE email = $1', [email]);
    if (!user) throw new Error(`demo certificates: ${email} is not a seeded demo user`);
    const company = DEMO_COMPANIES.find((c) => c.key === DEMO_ORGANIZER.company)!;
    const roles = company.members.find((m) => m.email === email)!.roles;
    const rights = DEMO_ROLES.filter((role) => roles.includes(role.roleId)).flatMap((role) => role.accessRights);
    return { userId: user.user_id, sessionId: 'demo-seed', email, userType: 1, companyId: company.key, accessRights: encodeAccessRights(rights), readOnly: false, restriction: null };
  };
  const manager = await principal(DEMO_ORGANIZER.manager);
  const scanner = await principal(DEMO_ORGANIZER.scanner);
  const seeded: SeededCertificates = { events: 0, certificates: 0, genuineQr: null, revokedQr: null };

  for (const plan of DEMO_EVENTS) {
    // Today's event starts an hour ago, so the scans below fall inside it.
    const date = new Date(plan.days === 0 ? now.getTime() - 3_600_000 : Math.floor(now.getTime() / DAY) * DAY + plan.days * DAY + 2 * 3_600_000);
    const { data } = await organizer.create(manager, {
      title: plan.title, location: plan.location, date: date.toISOString(), description: plan.description, ...(plan.minimumMinutes ? { minimum_minutes: plan.minimumMinutes } : {}),
    });
    seeded.events += 1;
    if (!plan.publish) continue;
    await organizer.publish(manager, data.id);
    for (const p of plan.participants) {
      await visitors.register({ article_id: data.id, name: p.name, email: p.email, contact: p.contact, company_name: p.companyName ?? '' });
      const [row] = await db.query<{ registration_id: string }>('SELECT registration_id FROM cert_registrations WHERE article_id = $1 AND email = $2', [data.id, p.email]);
      const code = ticketCode(secrets.codeHmacKey, row!.registration_id);
      if (p.checkIn) await organizer.scan(scanner, data.id, { code }, 'checkIn');
      if (p.checkIn && p.checkOut === undefined) await organizer.scan(scanner, data.id, { code }, 'checkIn').catch(() => undefined); // a repeated scan, recorded as failed
      if (p.checkOut) await organizer.scan(scanner, data.id, { code }, 'checkOut');
      if (!p.certificate) continue;
      await organizer.issue(manager, row!.registration_id);
      await organizer.approve(manager, row!.registration_id);
      if (p.certificate === 'emailed') await organizer.sendEmail(manager, row!.registration_id);
      if (p.certificate === 'revoked') await organizer.revoke(manager, row!.registration_id, { reason: DEMO_REVOKE_REASON });
      seeded.certificates += 1;
      const qr = await qrOf(store, row!.registration_id);
      if (p.certificate === 'revoked') seeded.revokedQr = qr;
      else seeded.genuineQr ??= qr;
    }
  }
  const logger = new Logger('demo');
  logger.log(`Demo certificate QR text (genuine): ${seeded.genuineQr}`);
  logger.log(`Demo certificate QR text (revoked): ${seeded.revokedQr}`);
  return seeded;
}

/** The QR text as the certificate PDF prints it, from the issue record in the store. */
async function qrOf(store: EventStore, registrationId: string): Promise<string> {
  const events = await store.readStream(registrationStream(registrationId));
  const c = events.find((e) => e.type === 'EventCertificateIssued')!.data as unknown as CertificateIssuedData;
  return certificateQrText({ id: c.registrationId, article_id: c.articleId, user_id: c.userId, certificate_no: c.certificateNo, signature: c.signature });
}
