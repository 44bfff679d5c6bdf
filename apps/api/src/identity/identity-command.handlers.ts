// A handler per identity command (the design card's @nestjs/cqrs), each handing it to its service:
// SignUpService, LoginService, PasswordService or ForcedPasswordResetService. ReportUiError has no service
// (one append to the day's stream), so its handler appends.
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@binaan/event-store';
import { CLOCK, type Clock } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { ForcedPasswordResetService } from './forced-password-reset.service.js';
import {
  AcceptEula,
  ActivateByPin,
  ChangePassword,
  ForcePasswordReset,
  LogIn,
  LogOut,
  ReinstateAccount,
  ReportUiError,
  RequestPasswordReset,
  RequestPinCode,
  ResetPassword,
  SignUp,
  SuspendAccount,
  VerifyPinCode,
} from './identity.commands.js';
import { AccountSuspensionService } from './account-suspension.service.js';
import { LoginService } from './login.service.js';
import { PasswordService } from './password.service.js';
import { SignUpService } from './sign-up.service.js';

@CommandHandler(RequestPinCode)
export class RequestPinCodeHandler implements ICommandHandler<RequestPinCode> {
  constructor(private readonly signUps: SignUpService) {}
  execute({ body }: RequestPinCode) {
    return this.signUps.requestCode(body.mobile_phone, body.response_token);
  }
}

@CommandHandler(VerifyPinCode)
export class VerifyPinCodeHandler implements ICommandHandler<VerifyPinCode> {
  constructor(private readonly signUps: SignUpService) {}
  execute({ body }: VerifyPinCode) {
    return this.signUps.verifyCode(body.mobile_phone, body.code, body.secret_key, body.timestamp);
  }
}

@CommandHandler(SignUp)
export class SignUpHandler implements ICommandHandler<SignUp> {
  constructor(private readonly signUps: SignUpService) {}
  execute({ body }: SignUp) {
    return this.signUps.signUp(body);
  }
}

@CommandHandler(ActivateByPin)
export class ActivateByPinHandler implements ICommandHandler<ActivateByPin> {
  constructor(private readonly signUps: SignUpService) {}
  execute({ body }: ActivateByPin) {
    return this.signUps.activate(body.email, body.pin);
  }
}

@CommandHandler(LogIn)
export class LogInHandler implements ICommandHandler<LogIn> {
  constructor(private readonly logins: LoginService) {}
  execute({ body, ip }: LogIn) {
    return this.logins.login(body.email, body.password, body.rememberMe === true, { ...(ip ? { ip } : {}) });
  }
}

@CommandHandler(AcceptEula)
export class AcceptEulaHandler implements ICommandHandler<AcceptEula> {
  constructor(private readonly logins: LoginService) {}
  execute({ principal }: AcceptEula) {
    return this.logins.acceptEula(principal);
  }
}

@CommandHandler(LogOut)
export class LogOutHandler implements ICommandHandler<LogOut> {
  constructor(private readonly logins: LoginService) {}
  execute({ principal }: LogOut) {
    return this.logins.logout(principal);
  }
}

@CommandHandler(ReportUiError)
export class ReportUiErrorHandler implements ICommandHandler<ReportUiError> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}
  async execute({ body, principal }: ReportUiError): Promise<{ success: true }> {
    const day = this.now().toISOString().slice(0, 10);
    await this.store.append({
      streamId: `ui-errors-${day}`,
      streamType: 'uiErrors',
      expectedRevision: 'any',
      events: [
        {
          type: 'UiErrorReported',
          data: { error: body.error, errorInfo: body.error_info ?? '' },
          metadata: { actorUserId: principal?.userId ?? null, actorCompanyId: principal?.companyId ?? null },
        },
      ],
    });
    return { success: true };
  }
}

@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset> {
  constructor(private readonly passwords: PasswordService) {}
  execute({ body }: RequestPasswordReset) {
    return this.passwords.forgot(body.email, body.response_token);
  }
}

@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword> {
  constructor(private readonly passwords: PasswordService) {}
  execute({ body }: ResetPassword) {
    return this.passwords.reset(body);
  }
}

@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword> {
  constructor(private readonly passwords: PasswordService) {}
  execute({ principal, body }: ChangePassword) {
    return this.passwords.change(principal, body);
  }
}

@CommandHandler(ForcePasswordReset)
export class ForcePasswordResetHandler implements ICommandHandler<ForcePasswordReset> {
  constructor(private readonly forcedResets: ForcedPasswordResetService) {}
  execute({ principal, userId, body }: ForcePasswordReset) {
    return this.forcedResets.force(principal, userId, body.reason);
  }
}

@CommandHandler(SuspendAccount)
export class SuspendAccountHandler implements ICommandHandler<SuspendAccount> {
  constructor(private readonly suspensions: AccountSuspensionService) {}
  execute({ principal, userId, body }: SuspendAccount) {
    return this.suspensions.suspend(principal, userId, body.reason);
  }
}

@CommandHandler(ReinstateAccount)
export class ReinstateAccountHandler implements ICommandHandler<ReinstateAccount> {
  constructor(private readonly suspensions: AccountSuspensionService) {}
  execute({ principal, userId, body }: ReinstateAccount) {
    return this.suspensions.reinstate(principal, userId, body.reason);
  }
}

export const IDENTITY_COMMAND_HANDLERS = [
  RequestPinCodeHandler,
  VerifyPinCodeHandler,
  SignUpHandler,
  ActivateByPinHandler,
  LogInHandler,
  AcceptEulaHandler,
  LogOutHandler,
  ReportUiErrorHandler,
  RequestPasswordResetHandler,
  ResetPasswordHandler,
  ChangePasswordHandler,
  ForcePasswordResetHandler,
  SuspendAccountHandler,
  ReinstateAccountHandler,
];
