// A handler per events-and-certificates command (the design card's @nestjs/cqrs), each handing it to
// OrganizerService or PublicCertificatesService.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  ApproveCertificate,
  CreateEvent,
  EmailCertificate,
  IssueCertificate,
  IssueCertificates,
  PublishEvent,
  RegisterForEvent,
  RevokeCertificate,
  ScanTicket,
} from './certificates.commands.js';
import { OrganizerService } from './organizer.service.js';
import { PublicCertificatesService } from './public.service.js';

@CommandHandler(CreateEvent)
export class CreateEventHandler implements ICommandHandler<CreateEvent> {
  constructor(private readonly organizer: OrganizerService) {}
  execute({ principal, body }: CreateEvent) {
    return this.organizer.create(principal, body);
  }
}

@CommandHandler(PublishEvent)
export class PublishEventHandler implements ICommandHandler<PublishEvent> {
  constructor(private readonly organizer: OrganizerService) {}
  execute({ principal, articleId }: PublishEvent) {
    return this.organizer.publish(principal, articleId);
  }
}

@CommandHandler(ScanTicket)
export class ScanTicketHandler implements ICommandHandler<ScanTicket> {
  constructor(private readonly organizer: OrganizerService) {}
  execute({ principal, articleId, body, direction }: ScanTicket) {
    return this.organizer.scan(principal, articleId, body, direction);
  }
}

@CommandHandler(IssueCertificates)
export class IssueCertificatesHandler implements ICommandHandler<IssueCertificates> {
  constructor(private readonly organizer: OrganizerService) {}
  execute({ principal, articleId, body }: IssueCertificates) {
    return this.organizer.issueAll(principal, articleId, body);
  }
}

@CommandHandler(IssueCertificate)
export class IssueCertificateHandler implements ICommandHandler<IssueCertificate> {
  constructor(private readonly organizer: OrganizerService) {}
  execute({ principal, registrationId }: IssueCertificate) {
    return this.organizer.issue(principal, registrationId);
  }
}

@CommandHandler(ApproveCertificate)
export class ApproveCertificateHandler implements ICommandHandler<ApproveCertificate> {
  constructor(private readonly organizer: OrganizerService) {}
  execute({ principal, registrationId }: ApproveCertificate) {
    return this.organizer.approve(principal, registrationId);
  }
}

@CommandHandler(EmailCertificate)
export class EmailCertificateHandler implements ICommandHandler<EmailCertificate> {
  constructor(private readonly organizer: OrganizerService) {}
  execute({ principal, registrationId }: EmailCertificate) {
    return this.organizer.sendEmail(principal, registrationId);
  }
}

@CommandHandler(RevokeCertificate)
export class RevokeCertificateHandler implements ICommandHandler<RevokeCertificate> {
  constructor(private readonly organizer: OrganizerService) {}
  execute({ principal, registrationId, body }: RevokeCertificate) {
    return this.organizer.revoke(principal, registrationId, body);
  }
}

@CommandHandler(RegisterForEvent)
export class RegisterForEventHandler implements ICommandHandler<RegisterForEvent> {
  constructor(private readonly service: PublicCertificatesService) {}
  execute({ body }: RegisterForEvent) {
    return this.service.register(body);
  }
}

export const CERTIFICATE_COMMAND_HANDLERS = [
  CreateEventHandler,
  PublishEventHandler,
  ScanTicketHandler,
  IssueCertificatesHandler,
  IssueCertificateHandler,
  ApproveCertificateHandler,
  EmailCertificateHandler,
  RevokeCertificateHandler,
  RegisterForEventHandler,
];
