// E-mail invitations' routes (base /api/tendering): the buyer invites by name and address; a user of the
// company, once on the platform, takes the link's invitation up. Writes go through the CommandBus.
import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../../common/principal.js';
import { Public } from '../../common/public.decorator.js';
import { ApiRefusal } from '../../openapi/api-replies.decorators.js';
import { EmailInvitationsService } from './email-invitations.service.js';
import { AcceptTenderEmailInvitation, SendTenderEmailInvitation } from './email-invitations.commands.js';

@ApiTags('tendering')
@Controller('tendering')
export class EmailInvitationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly invitations: EmailInvitationsService,
  ) {}

  @Post('tenders/:tenderId/email-invitations')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Invite a company not on the platform: { companyName, email } (level 10 on tender); an e-mail with a sign-up link carrying invitation_id',
  })
  @ApiRefusal(403, 'noAuthority')
  @ApiRefusal(409, 'tenderClosed')
  @ApiRefusal(503, 'mailDeliveryFailed (nothing recorded)')
  send(@Param('tenderId') tenderId: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new SendTenderEmailInvitation(request.principal!, tenderId, body));
  }

  @Post('email-invitations/:invitationId/accept')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Take up an e-mail invitation (the link's invitation_id): the caller's company is invited to the tender as if picked from the directory",
  })
  @ApiRefusal(404, 'tenderInvitationNotFound')
  @ApiRefusal(
    409,
    "tenderInvitationUsed, sellerAlreadyInvited, tenderClosed, wrongExpectedRevision, tenderInvitationLimitReached (§9: the buyer's yearly allowance)",
  )
  @ApiRefusal(422, 'inviteeIsOwnCompany, unknownCounterparty (the company is not approved yet)')
  accept(@Param('invitationId') invitationId: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AcceptTenderEmailInvitation(request.principal!, invitationId));
  }

  // Public: the sign-up page tells the person what the link is before they have an account. The id (128
  // random bits) is the only key, and the e-mail already told its holder the tender and the buyer.
  @Public()
  @Get('email-invitations/:invitationId')
  @ApiOperation({
    summary:
      "What an e-mail invitation's link names (public, for the sign-up page): the tender's number and title, the buyer, and state open | used | closed",
  })
  @ApiRefusal(404, 'tenderInvitationNotFound')
  describe(@Param('invitationId') invitationId: string) {
    return this.invitations.describe(invitationId);
  }
}
