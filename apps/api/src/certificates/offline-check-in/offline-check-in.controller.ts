// The offline scanner's calls (signed in, company chosen, eventManagement.scan or .update; another
// company's event is 404 as if it did not exist): the ticket list a scanner keeps, the batch of scans it
// sends from its queue, and the scans recorded. See the certificates README, "Offline check-in".
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { RequireAccessRight } from '../../common/access-right.decorator.js';
import { ModuleAccessGuard } from '../../common/module-access.guard.js';
import type { AuthenticatedRequest } from '../../common/principal.js';
import { ApiRefusal } from '../../openapi/api-replies.decorators.js';
import { SCAN_TICKETS } from '../organizer.service.js';
import { RecordScans } from './offline-check-in.commands.js';
import { OfflineCheckInService } from './offline-check-in.service.js';

const RIGHTS = 'Needs eventManagement.scan or .update in the chosen company (403 companyNotChosen, noAccessRight); ';
const NOT_OURS = "another company's event is 404 articleNotFound as if it did not exist.";

@ApiTags('certificates')
@UseGuards(ModuleAccessGuard)
@Controller()
export class OfflineCheckInController {
  constructor(
    private readonly commands: CommandBus,
    private readonly offline: OfflineCheckInService,
  ) {}

  @RequireAccessRight(SCAN_TICKETS)
  @Get('article/:id/scanner-tickets')
  @ApiQuery({ name: 'after', required: false, description: "The previous page's `next` (a registration id); absent for the first page" })
  @ApiRefusal(400, 'validationFailed: after is not a registration id')
  @ApiRefusal(404, 'articleNotFound')
  @ApiOperation({
    summary: "The event's tickets as a scanner keeps them to check tickets in and out with no network",
    description:
      RIGHTS +
      NOT_OURS +
      ' Each ticket is the registration id, the name, the SHA-256 (hex) of its ticket code (never the code) and the check-in and check-out recorded so far. 1,000 a page by registration id: ask again with after=next while more is true.',
  })
  tickets(@Param('id') id: string, @Query('after') after: unknown, @Req() request: AuthenticatedRequest) {
    return this.offline.tickets(request.principal!, id, after);
  }

  @RequireAccessRight(SCAN_TICKETS)
  @Post('article/:id/scans')
  @HttpCode(200)
  @ApiRefusal(400, 'validationFailed: fields name the scans and what is wrong (nothing of the batch is recorded)')
  @ApiRefusal(404, 'articleNotFound')
  @ApiRefusal(409, 'articleNotPublished')
  @ApiOperation({
    summary:
      "Record a batch of scans from a scanner's queue ({ scans: [{ scanId, direction, code, scannedAt, deviceId }] }); each scan once",
    description:
      RIGHTS +
      NOT_OURS +
      " At most 200 scans. Each scan is recorded under an event id made from its scanId, so a batch sent again records nothing new (duplicate: true). Every scan of a ticket of this event is recorded, whatever the state; check-in and check-out follow from all scans ordered by scan time (the earliest check-in, the latest check-out after it), and result says what this scan meant then (checkedIn, alreadyCheckedIn, checkedOut, alreadyCheckedOut, notCheckedIn). Unknown tickets and other events' tickets are recorded as failed scans (unknownTicket, ticketForOtherEvent). A scanned time more than 2 minutes ahead of the server is clamped to the time it is recorded (clamped: true; the device's time is kept). A scanId already used for another ticket is scanIdReused and records nothing.",
  })
  record(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new RecordScans(request.principal!, id, body));
  }

  @RequireAccessRight(SCAN_TICKETS)
  @Get('article/:id/scans')
  @ApiQuery({ name: 'after', required: false, description: "The previous page's `next`; absent for the first page" })
  @ApiRefusal(400, 'validationFailed: after is not a page position')
  @ApiRefusal(404, 'articleNotFound')
  @ApiOperation({
    summary: 'The check-in and check-out scans recorded for an event, with scan id, device, scanned and recorded times and who scanned',
    description: RIGHTS + NOT_OURS + ' Oldest first, 500 a page: ask again with after=next while more is true.',
  })
  scans(@Param('id') id: string, @Query('after') after: unknown, @Req() request: AuthenticatedRequest) {
    return this.offline.scans(request.principal!, id, after);
  }
}
