// Sign-up with a mobile code, and activation. Each route sends a command through the CommandBus
// (identity.commands.ts).
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../common/public.decorator.js';
import { ActivateByPinDto, PinCodeRequestDto, PinCodeVerificationDto, SignUpDto } from './identity.dto.js';
import { ActivateByPin, RequestPinCode, SignUp, VerifyPinCode } from './identity.commands.js';

@Public()
@ApiTags('identity')
@Controller()
export class SignUpController {
  constructor(private readonly commands: CommandBus) {}

  @Post('pin-code-request')
  @HttpCode(200)
  requestCode(@Body() body: PinCodeRequestDto) {
    return this.commands.execute(new RequestPinCode(body));
  }

  @Post('pin-code-verification')
  @HttpCode(200)
  verifyCode(@Body() body: PinCodeVerificationDto) {
    return this.commands.execute(new VerifyPinCode(body));
  }

  @Post('users/sign-up')
  @HttpCode(200)
  signUp(@Body() body: SignUpDto) {
    return this.commands.execute(new SignUp(body));
  }

  @Post('users/activate-by-pin')
  @HttpCode(200)
  activate(@Body() body: ActivateByPinDto) {
    return this.commands.execute(new ActivateByPin(body));
  }
}
