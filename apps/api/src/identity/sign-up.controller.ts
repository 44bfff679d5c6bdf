// Sign-up with a mobile code, and activation. Each route sends a command through the CommandBus
// (identity.commands.ts).
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import { Public } from '../common/public.decorator.js';
import { ActivateByPinDto, PinCodeRequestDto, PinCodeVerificationDto, SignUpDto } from './identity.dto.js';
import { ActivateByPin, RequestPinCode, SignUp, VerifyPinCode } from './identity.commands.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';

@Public()
@ApiTags('identity')
@Controller()
export class SignUpController {
  constructor(private readonly commands: CommandBus) {}

  @Post('pin-code-request')
  @HttpCode(200)
  @ApiRefusal(429, 'codeResendTooSoon or too many codes for this number (Retry-After)')
  @ApiOperation({
    summary: 'Send a six-digit code by SMS to a mobile number, to verify it before sign-up',
    description:
      'Public, with a solved human check (GET /api/human-check/challenge). The code arrives by SMS (the outbox page without a gateway). Refused: humanCheckFailed, invalidMobile (country codes MY, SG, TH, CN, HK, AU, ID), and 429 when codes are asked for too soon or too often.',
  })
  requestCode(@Body() body: PinCodeRequestDto) {
    return this.commands.execute(new RequestPinCode(body));
  }

  @Post('pin-code-verification')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Check the code sent to a mobile number; a verified number may then sign up',
    description: 'Public. Refused when the code is wrong or has expired, and 409 mobileNumberExists when the number is already registered.',
  })
  @ApiRefusal(409, 'mobileNumberExists: the mobile number is already registered (sign in instead)')
  verifyCode(@Body() body: PinCodeVerificationDto) {
    return this.commands.execute(new VerifyPinCode(body));
  }

  @Post('users/sign-up')
  @HttpCode(200)
  @ApiRefusal(409, 'mobileNumberExists: the mobile number is already registered (sign in instead)')
  @ApiOperation({
    summary: 'Create an account on a verified mobile number: name, e-mail, password',
    description:
      'Public. The account then waits for activation with the code e-mailed to it. Refused: mobileNotVerified, invalidEmail, weakPassword (9+ characters, upper and lower case, digit), passwordMismatch, and 409 mobileNumberExists.',
  })
  signUp(@Body() body: SignUpDto) {
    return this.commands.execute(new SignUp(body));
  }

  @Post('users/activate-by-pin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Activate a signed-up account with the code e-mailed to it',
    description: 'Public. The account can sign in afterwards. Refused: invalidActivationCode, codeExpired.',
  })
  activate(@Body() body: ActivateByPinDto) {
    return this.commands.execute(new ActivateByPin(body));
  }
}
