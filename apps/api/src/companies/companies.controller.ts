import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { AuthenticatedRequest } from '../common/principal.js';
import { Public } from '../common/public.decorator.js';
import { CompanyChoiceService } from './company-choice.service.js';
import { InvitationService } from './invitation.service.js';

class AcceptInvitationDto {
  @IsString() @MaxLength(64) id!: string;
  @IsOptional() @IsString() @MaxLength(2000) remark?: string;
}

@ApiTags('companies')
@Controller()
export class CompaniesController {
  constructor(
    private readonly choice: CompanyChoiceService,
    private readonly invitations: InvitationService,
  ) {}

  @Get('company/list')
  list(@Req() request: AuthenticatedRequest) {
    return this.choice.list(request.principal!);
  }

  /** The spec's custom list: the user's companies narrowed to one (a link that names the company). */
  @Get('company/custom-list/:id')
  customList(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.choice.list(request.principal!, id);
  }

  @Get('company/choose/:companyProfileId')
  choose(@Param('companyProfileId') companyId: string, @Req() request: AuthenticatedRequest) {
    return this.choice.choose(request.principal!, companyId);
  }

  @Public()
  @Post('call-for-interest/accept-invitation')
  @HttpCode(200)
  accept(@Body() body: AcceptInvitationDto, @Req() request: AuthenticatedRequest) {
    return this.invitations.accept(body.id, body.remark ?? '', request.principal);
  }
}
