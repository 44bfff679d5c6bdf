// The user's companies (list, choice) and call-for-interest invitations. Choosing a company (a GET that
// starts a session) and accepting an invitation are sent as commands through the CommandBus
// (companies.commands.ts).
import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { AuthenticatedRequest } from '../common/principal.js';
import { AllowCompanyTermsPending, Public } from '../common/public.decorator.js';
import { AcceptInvitation, ChooseCompany } from './companies.commands.js';
import { CompanyChoiceService } from './company-choice.service.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';

class AcceptInvitationDto {
  @IsString() @MaxLength(64) id!: string;
  @IsOptional() @IsString() @MaxLength(2000) remark?: string;
}

@ApiTags('companies')
@Controller()
export class CompaniesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly choice: CompanyChoiceService,
  ) {}

  // Reachable while a company's terms wait for acceptance: the person may choose another company instead.
  @AllowCompanyTermsPending()
  @Get('company/list')
  @ApiOperation({
    summary: "The signed-in user's companies, to choose one from",
    description: "Any signed-in user, also while a company's terms wait for acceptance (they may choose another company).",
  })
  list(@Req() request: AuthenticatedRequest) {
    return this.choice.list(request.principal!);
  }

  /** The spec's custom list: the user's companies narrowed to one (a link that names the company). */
  @AllowCompanyTermsPending()
  @Get('company/custom-list/:id')
  @ApiOperation({
    summary: "The signed-in user's companies narrowed to one (a link that names the company)",
    description: 'Any signed-in user; the list is empty when the user is not a member of that company.',
  })
  customList(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.choice.list(request.principal!, id);
  }

  @AllowCompanyTermsPending()
  @Get('company/choose/:companyProfileId')
  @ApiOperation({
    summary: 'Choose a company: a new session token for it, and where to land',
    description:
      'A signed-in user holding an active role in the company (platform administrators: any company); 403 noAccessRight otherwise, 403 with the member status when their access was withdrawn, 403 readOnlyToken for a read-only token. Send the jwtToken of the reply as the bearer from now on: most routes answer 403 companyNotChosen without a chosen company.',
  })
  choose(@Param('companyProfileId') companyId: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ChooseCompany(request.principal!, companyId));
  }

  @Public()
  @Post('call-for-interest/accept-invitation')
  @HttpCode(200)
  @ApiRefusal(409, 'alreadyRespondedInvitation: the invitation was answered already')
  @ApiOperation({
    summary: "Accept or decline a company's call for interest ({ id, remark })",
    description:
      'Public: the invited company may not be signed in. 409 alreadyRespondedInvitation when it was answered already; a read-only token is refused.',
  })
  accept(@Body() body: AcceptInvitationDto, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AcceptInvitation(body, request.principal));
  }
}
