import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../common/principal.js';
import { AllowRestricted, Public } from '../common/public.decorator.js';
import { ChangePasswordDto, ChangePasswordMobileDto, ForgotPasswordDto, ResetPasswordDto } from './identity.dto.js';
import { PasswordService } from './password.service.js';

@ApiTags('identity')
@Controller('users')
export class PasswordController {
  constructor(private readonly passwords: PasswordService) {}

  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  forgot(@Body() body: ForgotPasswordDto) {
    return this.passwords.forgot(body.email, body.response_token);
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  reset(@Body() body: ResetPasswordDto) {
    return this.passwords.reset(body);
  }

  @AllowRestricted()
  @Post('change-password')
  @HttpCode(200)
  change(@Body() body: ChangePasswordDto, @Req() request: AuthenticatedRequest) {
    return this.passwords.change(request.principal!, body);
  }

  @AllowRestricted()
  @Post('change-password-mobile-and-accept-eula')
  @HttpCode(200)
  changeWithMobile(@Body() body: ChangePasswordMobileDto, @Req() request: AuthenticatedRequest) {
    return this.passwords.change(request.principal!, body);
  }
}
