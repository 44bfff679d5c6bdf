// A platform administrator suspends or reinstates an account (admin module: users). Each route sends a
// command through the CommandBus (identity.commands.ts); the service says who may and when.
import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../common/principal.js';
import { ReinstateAccount, SuspendAccount } from './identity.commands.js';
import { AccountStatusChangeDto } from './identity.dto.js';

const ERROR = { schema: { $ref: '#/components/schemas/ErrorReply' } };

@ApiTags('identity')
@Controller('users')
export class AccountStatusController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':userId/suspend')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A platform administrator suspends an account',
    description:
      'The person can no longer sign in to any company, and every open session of theirs ends. Body: { reason } (3 to 500 characters), kept on the event with the administrator.',
  })
  @ApiResponse({ status: 200, description: '{ success: true, userId, status: "suspended" }' })
  @ApiResponse({ status: 400, description: 'validationFailed: reason missing, shorter than 3 or longer than 500 characters', ...ERROR })
  @ApiResponse({ status: 403, description: 'noAccessRight: the caller is not a platform administrator', ...ERROR })
  @ApiResponse({ status: 404, description: 'notFound: no user has this id', ...ERROR })
  @ApiResponse({
    status: 409,
    description:
      'cannotSuspendSelf, accountAlreadySuspended, accountNotActive (pending, deactivated or terminated), or conflict when another change came first',
    ...ERROR,
  })
  suspend(@Param('userId') userId: string, @Body() body: AccountStatusChangeDto, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new SuspendAccount(request.principal!, userId, body));
  }

  @Post(':userId/reinstate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A platform administrator reinstates a suspended account',
    description:
      'The account is active again: the person signs in as before. Body: { reason } (3 to 500 characters), kept on the event with the administrator.',
  })
  @ApiResponse({ status: 200, description: '{ success: true, userId, status: "activated" }' })
  @ApiResponse({ status: 400, description: 'validationFailed: reason missing, shorter than 3 or longer than 500 characters', ...ERROR })
  @ApiResponse({ status: 403, description: 'noAccessRight: the caller is not a platform administrator', ...ERROR })
  @ApiResponse({ status: 404, description: 'notFound: no user has this id', ...ERROR })
  @ApiResponse({ status: 409, description: 'accountNotSuspended: the account is not suspended', ...ERROR })
  reinstate(@Param('userId') userId: string, @Body() body: AccountStatusChangeDto, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ReinstateAccount(request.principal!, userId, body));
  }
}
