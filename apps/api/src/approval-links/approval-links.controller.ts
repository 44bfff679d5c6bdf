// /api/approval-links/<token>: public, because the person holding an approval e-mail may not be signed in
// on the device they read it on. The token (signed, single use, expiring, naming its recipient) is the only
// key; the document's own command then checks the recipient's authority as for any signed-in action.
// GET only describes (mail scanners fetch links); POST acts, through the CommandBus.
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { Public } from '../common/public.decorator.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { ApprovalLinks } from './approval-links.service.js';
import { UseApprovalLink } from './approval-links.commands.js';

@Controller('approval-links')
export class ApprovalLinksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly links: ApprovalLinks,
  ) {}

  @Public()
  @Get(':token')
  @ApiOperation({
    summary: "What an approval e-mail's link is for, without acting (public)",
    description:
      'The document (kind, number, title, amount, company), the action (approve | reject), the level, when it expires, and whether it can still be used (usable, and reason: approvalLinkExpired, approvalLinkUsed or approvalLinkStale when not).',
  })
  @ApiRefusal(400, 'approvalLinkInvalid: not a link Binaan signed')
  describe(@Param('token') token: string) {
    return this.links.describe(token);
  }

  @Public()
  @Post(':token')
  @HttpCode(200)
  @ApiOperation({
    summary: "Use an approval e-mail's link: Approve, or Reject with { remark } (public; acts as the recipient)",
    description:
      "Sends the document's Approve or Reject as the link's recipient, with their authority now, through the documents command path: its refusals answer unchanged. Body: { remark? (required to reject), language? (en | ms | zh: the page's, for the recipient's next e-mails) }. Once used, a link answers 409 approvalLinkUsed.",
  })
  @ApiRefusal(400, 'approvalLinkInvalid, validationFailed (fields)')
  @ApiRefusal(
    403,
    "The recipient's account or membership (accountSuspended, accountNotActive, userSuspended, userDeactivated, userTerminated), noAccessRight, or the document command's own refusal (noAuthority, selfApprovalForbidden, ...)",
  )
  @ApiRefusal(409, 'approvalLinkUsed, approvalLinkStale (the document moved on), or the command refused (wrongStatus, ...)')
  @ApiRefusal(410, 'approvalLinkExpired')
  @ApiRefusal(422, 'remarkRequired (reject), or a rule of the document command')
  use(@Param('token') token: string, @Body() body: unknown) {
    return this.commands.execute(new UseApprovalLink(token, body));
  }
}
