// The organizer's calls (signed in, company chosen): events, scanning at the door, attendance, and the
// certificate steps. Each route declares its access right (eventManagement.update to manage,
// eventManagement.scan or .update at the door), checked by ModuleAccessGuard and again by the service.
// The spec does not show these paths; they sit beside the spec's public ones (article/..., event-participant/...).
// Writes are sent as commands through the CommandBus (certificates.commands.ts).
import { Body, Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireAccessRight } from '../common/access-right.decorator.js';
import { ModuleAccessGuard } from '../common/module-access.guard.js';
import type { AuthenticatedRequest } from '../common/principal.js';
import {
  ApproveCertificate,
  CreateEvent,
  EmailCertificate,
  IssueCertificate,
  IssueCertificates,
  PublishEvent,
  RevokeCertificate,
  ScanTicket,
} from './certificates.commands.js';
import { MANAGE_EVENTS, OrganizerService, SCAN_TICKETS } from './organizer.service.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';

@ApiTags('certificates')
@UseGuards(ModuleAccessGuard)
@Controller()
export class OrganizerController {
  constructor(
    private readonly commands: CommandBus,
    private readonly organizer: OrganizerService,
  ) {}

  @RequireAccessRight(MANAGE_EVENTS)
  @Post('article')
  @ApiOperation({
    summary: 'Create an event: title, location, date, description, otherImage[], minimum_minutes (0: check-in and check-out suffice)',
  })
  create(@Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new CreateEvent(request.principal!, body));
  }

  @RequireAccessRight(SCAN_TICKETS)
  @Get('article/organizer-list')
  @ApiOperation({ summary: "The chosen company's events, drafts included, with registrations, people inside and certificates" })
  list(@Req() request: AuthenticatedRequest) {
    return this.organizer.list(request.principal!);
  }

  @RequireAccessRight(MANAGE_EVENTS)
  @Post('article/:id/publish')
  @HttpCode(200)
  @ApiRefusal(409, 'articleAlreadyPublished')
  @ApiOperation({
    summary: 'Publish an event: it appears on the landing page and opens for registration',
    description:
      "Needs eventManagement.update in the chosen company; another company's event is 404 articleNotFound. 409 articleAlreadyPublished.",
  })
  publish(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new PublishEvent(request.principal!, id));
  }

  @RequireAccessRight(SCAN_TICKETS)
  @Get('article/:id/attendance')
  @ApiOperation({ summary: 'Participants, the live count inside, and failed scans with their reasons' })
  attendance(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.organizer.attendance(request.principal!, id);
  }

  @RequireAccessRight(SCAN_TICKETS)
  @Post('article/:id/check-in')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Scan a ticket in ({ code }); a repeated, out-of-order or unknown scan is recorded and answered 409/404 with its reason',
  })
  @ApiRefusal(409, 'alreadyCheckedIn, ticketForOtherEvent (the failed scan is recorded)')
  checkIn(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ScanTicket(request.principal!, id, body, 'checkIn'));
  }

  @RequireAccessRight(SCAN_TICKETS)
  @Post('article/:id/check-out')
  @HttpCode(200)
  @ApiRefusal(409, 'notCheckedIn, alreadyCheckedOut, ticketForOtherEvent (the failed scan is recorded)')
  @ApiOperation({
    summary: 'Scan a ticket out ({ code }); a repeated, out-of-order or unknown scan is recorded and answered 409/404 with its reason',
    description:
      'Needs eventManagement.scan or .update. Answers whether the participant is inside; 409 notCheckedIn, alreadyCheckedOut or ticketForOtherEvent and 404 unknownTicket carry tx_id, inside, registration_id and name beside the error.',
  })
  checkOut(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ScanTicket(request.principal!, id, body, 'checkOut'));
  }

  @RequireAccessRight(MANAGE_EVENTS)
  @Post('article/:id/certificates/issue')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Issue certificates to every participant meeting the attendance rule (or to registration_ids); others are listed as skipped',
  })
  issueAll(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new IssueCertificates(request.principal!, id, body));
  }

  @RequireAccessRight(MANAGE_EVENTS)
  @Post('event-participant/:id/certificate/issue')
  @HttpCode(200)
  @ApiRefusal(409, 'certificateAlreadyIssued, wrongExpectedRevision on a race')
  @ApiRefusal(422, "attendanceRuleNotMet: the recorded attendance does not meet the event's rule")
  @ApiOperation({
    summary: "Issue a participant's certificate: numbered, signed (Ed25519) and chained, awaiting approval",
    description:
      "Needs eventManagement.update in the chosen company; another company's participant is 404 as if it did not exist. 409 certificateAlreadyIssued; 422 attendanceRuleNotMet when the check-in and check-out recorded do not meet the event's rule.",
  })
  issue(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new IssueCertificate(request.principal!, id));
  }

  @RequireAccessRight(MANAGE_EVENTS)
  @Post('event-participant/:id/certificate/approve')
  @HttpCode(200)
  @ApiRefusal(409, 'certificateAlreadyApproved, certificateRevoked, wrongExpectedRevision on a race')
  @ApiOperation({
    summary: 'Approve an issued certificate: it can then be downloaded, verified and e-mailed',
    description:
      "Needs eventManagement.update in the chosen company; another company's participant is 404 as if it did not exist. 409 certificateAlreadyApproved, certificateRevoked; 404 certificateNotFound before it is issued.",
  })
  approve(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ApproveCertificate(request.principal!, id));
  }

  @RequireAccessRight(MANAGE_EVENTS)
  @Post('event-participant/:id/certificate/send-email')
  @HttpCode(200)
  @ApiRefusal(409, 'certificateNotApproved, certificateRevoked')
  @ApiRefusal(503, 'mailDeliveryFailed: the mail server did not take the e-mail (nothing recorded; repeat)')
  @ApiOperation({
    summary: 'E-mail an approved certificate to its participant',
    description:
      "Needs eventManagement.update in the chosen company; another company's participant is 404 as if it did not exist. 409 certificateNotApproved or certificateRevoked; 503 mailDeliveryFailed when the mail server does not take it (nothing recorded, so it can simply be repeated).",
  })
  sendEmail(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new EmailCertificate(request.principal!, id));
  }

  @RequireAccessRight(MANAGE_EVENTS)
  @Post('event-participant/:id/certificate/revoke')
  @HttpCode(200)
  @ApiRefusal(409, 'certificateRevoked: already revoked')
  @ApiOperation({
    summary: 'Revoke a certificate, with a reason: verification then reports it revoked and the PDF is 410',
    description:
      "Needs eventManagement.update in the chosen company; another company's participant is 404 as if it did not exist. Body { reason }. 409 certificateRevoked when already revoked.",
  })
  revoke(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new RevokeCertificate(request.principal!, id, body));
  }
}
