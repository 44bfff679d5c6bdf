// The identity context's commands (house style: imperative names), sent through the CQRS CommandBus by
// the sign-up, login and password controllers; a handler each (identity-command.handlers.ts) hands them to
// the service where the checks live. Bodies travel as the route got them (after the global validation
// pipe's shape check); cookies stay with the controller.
import { Command } from '@nestjs/cqrs';
import type { Principal } from '../common/principal.js';
import type { Resolved } from '../common/command-result.js';
import type { AccountSuspensionService } from './account-suspension.service.js';
import type { ForcedPasswordResetService } from './forced-password-reset.service.js';
import type {
  AccountStatusChangeDto,
  ActivateByPinDto,
  ChangePasswordDto,
  ForcePasswordResetDto,
  ForgotPasswordDto,
  LoginDto,
  PinCodeRequestDto,
  PinCodeVerificationDto,
  ResetPasswordDto,
  SignUpDto,
  UiErrorDto,
} from './identity.dto.js';
import type { LoginService } from './login.service.js';
import type { PasswordService } from './password.service.js';
import type { SignUpService } from './sign-up.service.js';

// Sign-up.
export class RequestPinCode extends Command<Resolved<SignUpService['requestCode']>> {
  constructor(readonly body: PinCodeRequestDto) {
    super();
  }
}

export class VerifyPinCode extends Command<Resolved<SignUpService['verifyCode']>> {
  constructor(readonly body: PinCodeVerificationDto) {
    super();
  }
}

export class SignUp extends Command<Resolved<SignUpService['signUp']>> {
  constructor(readonly body: SignUpDto) {
    super();
  }
}

export class ActivateByPin extends Command<Resolved<SignUpService['activate']>> {
  constructor(readonly body: ActivateByPinDto) {
    super();
  }
}

// Sign-in and the session.
export class LogIn extends Command<Resolved<LoginService['login']>> {
  /** `ip`: the caller's address as the request has it (lock-out and the sign-in event). */
  constructor(
    readonly body: LoginDto,
    readonly ip: string | undefined,
  ) {
    super();
  }
}

export class AcceptEula extends Command<Resolved<LoginService['acceptEula']>> {
  constructor(readonly principal: Principal) {
    super();
  }
}

export class LogOut extends Command<Resolved<LoginService['logout']>> {
  constructor(readonly principal: Principal | undefined) {
    super();
  }
}

/** Keep a rendering failure the ui reports (UiErrorReported on the day's `ui-errors-<day>`). */
export class ReportUiError extends Command<{ success: true }> {
  constructor(
    readonly body: UiErrorDto,
    readonly principal: Principal | undefined,
  ) {
    super();
  }
}

// Passwords.
export class RequestPasswordReset extends Command<Resolved<PasswordService['forgot']>> {
  constructor(readonly body: ForgotPasswordDto) {
    super();
  }
}

export class ResetPassword extends Command<Resolved<PasswordService['reset']>> {
  constructor(readonly body: ResetPasswordDto) {
    super();
  }
}

/** Both change routes: the plain one, and the one that also sets the mobile number and accepts the terms (ChangePasswordMobileDto). */
export class ChangePassword extends Command<Resolved<PasswordService['change']>> {
  constructor(
    readonly principal: Principal,
    readonly body: ChangePasswordDto & { user_mobile?: string },
  ) {
    super();
  }
}

export class SuspendAccount extends Command<Resolved<AccountSuspensionService['suspend']>> {
  constructor(
    readonly principal: Principal,
    readonly userId: string,
    readonly body: AccountStatusChangeDto,
  ) {
    super();
  }
}

export class ReinstateAccount extends Command<Resolved<AccountSuspensionService['reinstate']>> {
  constructor(
    readonly principal: Principal,
    readonly userId: string,
    readonly body: AccountStatusChangeDto,
  ) {
    super();
  }
}

export class ForcePasswordReset extends Command<Resolved<ForcedPasswordResetService['force']>> {
  constructor(
    readonly principal: Principal,
    readonly userId: string,
    readonly body: ForcePasswordResetDto,
  ) {
    super();
  }
}
