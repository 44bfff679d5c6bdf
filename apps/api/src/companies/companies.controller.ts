// The user's companies (list, choice) and call-for-interest invitations. Choosing a company (a GET that
// starts a session) and accepting an invitation are sent as commands through the CommandBus
// (companies.commands.ts).
import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { AuthenticatedRequest } from '../common/principal.js';
import { AllowCompanyTermsPending, Public } from '../common/public.decorator.js';
import { AcceptInvitation, ChooseCompany } from './companies.commands.js';
import { CompanyChoiceService } from './company-choice.service.js';

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
  list(@Req() request: AuthenticatedRequest) {
    return this.choice.list(request.principal!);
  }

  /** The spec's custom list: the user's companies narrowed to one (a link that names the company). */
  @AllowCompanyTermsPending()
  @Get('company/custom-list/:id')
  customList(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.choice.list(request.principal!, id);
  }

  @AllowCompanyTermsPending()
  @Get('company/choose/:companyProfileId')
  choose(@Param('companyProfileId') companyId: string, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ChooseCompany(request.principal!, companyId));
  }

  @Public()
  @Post('call-for-interest/accept-invitation')
  @HttpCode(200)
  accept(@Body() body: AcceptInvitationDto, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new AcceptInvitation(body, request.principal));
  }
}
