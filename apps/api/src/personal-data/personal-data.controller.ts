// The platform administrator forgets a person (with a reason, recorded), and a
// person downloads everything held about them (the administrator too, for them). The forgetting is sent
// as a command through the CommandBus (personal-data.commands.ts).

import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../common/principal.js';
import { AllowRestricted } from '../common/public.decorator.js';
import { ForgetPerson } from './personal-data.commands.js';
import { ForgetPersonDto } from './personal-data.dto.js';
import { PersonalDataService } from './personal-data.service.js';

@ApiTags('personal data')
@Controller('personal-data')
export class PersonalDataController {
  constructor(
    private readonly commands: CommandBus,
    private readonly personalData: PersonalDataService,
  ) {}

  @AllowRestricted()
  @Get('mine')
  @Header('Content-Disposition', 'attachment; filename="binaan-personal-data.json"')
  @ApiOperation({
    summary: 'Everything held about the signed-in person, as one JSON file (data portability)',
    description:
      'Their account, the events of their own streams (account, e-mail and mobile claims, sign-ins, sessions, notifications) and the events elsewhere that hold their data, opened.',
  })
  @ApiResponse({ status: 200, description: '{ format: "binaan-personal-data-v1", exportedAt, userId, account, streams, mentions }' })
  mine(@Req() request: AuthenticatedRequest) {
    return this.personalData.export(request.principal!, request.principal!.userId);
  }

  @Get('users')
  @ApiOperation({
    summary: 'A platform administrator lists the accounts (to export or forget one)',
    description: 'Newest first, 500 at most; `q` keeps those whose name or e-mail contains it. A forgotten person reads "[erased]".',
  })
  @ApiResponse({ status: 200, description: '{ users: [{ userId, name, email, status, userType, registeredAt }] }' })
  @ApiResponse({
    status: 403,
    description: 'noAccessRight: the caller is not a platform administrator',
    schema: { $ref: '#/components/schemas/ErrorReply' },
  })
  users(@Query('q') q: string | undefined, @Req() request: AuthenticatedRequest) {
    return this.personalData.users(request.principal!, typeof q === 'string' ? q : '');
  }

  @Get('users/:userId')
  @Header('Content-Disposition', 'attachment; filename="binaan-personal-data.json"')
  @ApiOperation({ summary: 'A platform administrator exports everything held about a user' })
  @ApiResponse({ status: 200, description: 'as GET /api/personal-data/mine' })
  @ApiResponse({
    status: 403,
    description: 'noAccessRight: the caller is not a platform administrator',
    schema: { $ref: '#/components/schemas/ErrorReply' },
  })
  @ApiResponse({ status: 404, description: 'notFound: no user has this id', schema: { $ref: '#/components/schemas/ErrorReply' } })
  exportFor(@Param('userId') userId: string, @Req() request: AuthenticatedRequest) {
    return this.personalData.export(request.principal!, userId);
  }

  @Post('users/:userId/forget')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A platform administrator forgets a person (GDPR art. 17, PDPA)',
    description:
      'Destroys the keys that seal the person\'s data (their account\'s, and those of every e-mail address and mobile number they held), records PersonalDataForgotten (who, whom, when, why), ends their sessions and rebuilds the read models that copy personal fields. Afterwards every reply shows "[erased]" where they were named; their events, approvals and certificates stay and verify. Body: { reason: string } (3 to 500 characters).',
  })
  @ApiResponse({ status: 200, description: '{ success: true, msg: "personalData.forgotten", subjects, rebuilt }' })
  @ApiResponse({
    status: 400,
    description: "validationFailed: no reason, or the administrator's own account",
    schema: { $ref: '#/components/schemas/ErrorReply' },
  })
  @ApiResponse({
    status: 403,
    description: 'noAccessRight: the caller is not a platform administrator',
    schema: { $ref: '#/components/schemas/ErrorReply' },
  })
  @ApiResponse({ status: 404, description: 'notFound: no user has this id', schema: { $ref: '#/components/schemas/ErrorReply' } })
  forget(@Param('userId') userId: string, @Body() body: ForgetPersonDto, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ForgetPerson(request.principal!, userId, body));
  }
}
