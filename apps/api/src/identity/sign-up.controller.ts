import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../common/public.decorator.js';
import { ActivateByPinDto, PinCodeRequestDto, PinCodeVerificationDto, SignUpDto } from './identity.dto.js';
import { SignUpService } from './sign-up.service.js';

@Public()
@ApiTags('identity')
@Controller()
export class SignUpController {
  constructor(private readonly signUps: SignUpService) {}

  @Post('pin-code-request')
  @HttpCode(200)
  requestCode(@Body() body: PinCodeRequestDto) {
    return this.signUps.requestCode(body.mobile_phone, body.response_token);
  }

  @Post('pin-code-verification')
  @HttpCode(200)
  verifyCode(@Body() body: PinCodeVerificationDto) {
    return this.signUps.verifyCode(body.mobile_phone, body.code, body.secret_key, body.timestamp);
  }

  @Post('users/sign-up')
  @HttpCode(200)
  signUp(@Body() body: SignUpDto) {
    return this.signUps.signUp(body);
  }

  @Post('users/activate-by-pin')
  @HttpCode(200)
  activate(@Body() body: ActivateByPinDto) {
    return this.signUps.activate(body.email, body.pin);
  }
}
