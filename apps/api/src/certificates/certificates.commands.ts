// The events-and-certificates context's commands (house style: imperative names), sent through the CQRS
// CommandBus by OrganizerController and PublicCertificatesController; a handler each
// (certificates-command.handlers.ts) hands them to OrganizerService or PublicCertificatesService, where
// the access rights, parsing and refusals live. The raw body travels as the route got it.
import { Command } from '@nestjs/cqrs';
import type { Principal } from '../common/principal.js';
import type { Resolved } from '../common/command-result.js';
import type { OrganizerService } from './organizer.service.js';
import type { ScanDirection } from './participant.decider.js';
import type { PublicCertificatesService } from './public.service.js';

/** Create an event (the spec's "article"), as a draft. */
export class CreateEvent extends Command<Resolved<OrganizerService['create']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

export class PublishEvent extends Command<Resolved<OrganizerService['publish']>> {
  constructor(
    readonly principal: Principal,
    readonly articleId: string,
  ) {
    super();
  }
}

/** Scan a ticket at the door, in or out; a failed scan is recorded too, then refused. */
export class ScanTicket extends Command<Resolved<OrganizerService['scan']>> {
  constructor(
    readonly principal: Principal,
    readonly articleId: string,
    readonly body: unknown,
    readonly direction: ScanDirection,
  ) {
    super();
  }
}

/** Issue certificates to every participant meeting the attendance rule (or to the registration_ids named). */
export class IssueCertificates extends Command<Resolved<OrganizerService['issueAll']>> {
  constructor(
    readonly principal: Principal,
    readonly articleId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

export class IssueCertificate extends Command<Resolved<OrganizerService['issue']>> {
  constructor(
    readonly principal: Principal,
    readonly registrationId: string,
  ) {
    super();
  }
}

export class ApproveCertificate extends Command<Resolved<OrganizerService['approve']>> {
  constructor(
    readonly principal: Principal,
    readonly registrationId: string,
  ) {
    super();
  }
}

export class EmailCertificate extends Command<Resolved<OrganizerService['sendEmail']>> {
  constructor(
    readonly principal: Principal,
    readonly registrationId: string,
  ) {
    super();
  }
}

export class RevokeCertificate extends Command<Resolved<OrganizerService['revoke']>> {
  constructor(
    readonly principal: Principal,
    readonly registrationId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

/** The public registration for a published event (the ticket is e-mailed). The rate limit stays with the route. */
export class RegisterForEvent extends Command<Resolved<PublicCertificatesService['register']>> {
  constructor(readonly body: unknown) {
    super();
  }
}
