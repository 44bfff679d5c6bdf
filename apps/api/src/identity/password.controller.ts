// Passwords: forgotten, reset, changed, and reset by a platform administrator. Each route sends a command
// through the CommandBus (identity.commands.ts).
import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../common/principal.js';
import { AllowRestricted, Public } from '../common/public.decorator.js';
import { ChangePassword, ForcePasswordReset, RequestPasswordReset, ResetPassword } from './identity.commands.js';
import { ChangePasswordDto, ChangePasswordMobileDto, ForcePasswordResetDto, ForgotPasswordDto, ResetPasswordDto } from './identity.dto.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';

@ApiTags('identity')
@Controller('users')
export class PasswordController {
  constructor(private readonly commands: CommandBus) {}

  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Ask for a password reset link by e-mail',
    description:
      'Public, with a solved human check. Always answers the same whether or not the e-mail belongs to an active account, so it tells nothing about accounts; a repeat within a short time sends nothing.',
  })
  forgot(@Body() body: ForgotPasswordDto) {
    return this.commands.execute(new RequestPasswordReset(body));
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({
    summary: "Set a new password with the e-mailed reset link's token",
    description:
      "Public. Refused: invalidToken (wrong or expired link), weakPassword, passwordMismatch, newPasswordSameAsOld. Ends the account's other sessions.",
  })
  reset(@Body() body: ResetPasswordDto) {
    return this.commands.execute(new ResetPassword(body));
  }

  @AllowRestricted()
  @Post('change-password')
  @HttpCode(200)
  @ApiOperation({
    summary: "Change the signed-in user's password (the old one required)",
    description:
      'Allowed while a password change is required (the way out of that state). Refused: oldPasswordIncorrect, newPasswordSameAsOld, weakPassword, passwordMismatch.',
  })
  change(@Body() body: ChangePasswordDto, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ChangePassword(request.principal!, body));
  }

  @AllowRestricted()
  @Post('change-password-mobile-and-accept-eula')
  @HttpCode(200)
  @ApiRefusal(409, 'mobileNumberExists: the mobile number belongs to another account')
  @ApiOperation({
    summary: 'Change the password and set the mobile number in one call',
    description:
      'For accounts that must change their password before anything else (made by an administrator or reset by one); allowed while restricted. Refused as change-password, plus invalidMobile and 409 mobileNumberExists.',
  })
  changeWithMobile(@Body() body: ChangePasswordMobileDto, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ChangePassword(request.principal!, body));
  }

  @Post(':userId/force-password-reset')
  @HttpCode(200)
  @ApiOperation({
    summary: "A platform administrator (user type 2) resets a user's password",
    description:
      'E-mails the user a temporary password, ends their sessions, and makes their next sign-in answer forceChangePassword: true until they change it. Body: { reason?: string } (kept on the event).',
  })
  @ApiResponse({ status: 200, description: '{ success: true, msg: "forcePasswordReset.success" }' })
  @ApiResponse({
    status: 400,
    description: 'validationFailed: reason is not a string of at most 500 characters',
    schema: { $ref: '#/components/schemas/ErrorReply' },
  })
  @ApiResponse({
    status: 403,
    description: 'noAccessRight: the caller is not a platform administrator',
    schema: { $ref: '#/components/schemas/ErrorReply' },
  })
  @ApiResponse({ status: 404, description: 'notFound: no user has this id', schema: { $ref: '#/components/schemas/ErrorReply' } })
  @ApiResponse({
    status: 503,
    description: 'mailDeliveryFailed: the mail server refused the e-mail; nothing was recorded',
    schema: { $ref: '#/components/schemas/ErrorReply' },
  })
  forcePasswordReset(@Param('userId') userId: string, @Body() body: ForcePasswordResetDto, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ForcePasswordReset(request.principal!, userId, body));
  }
}
