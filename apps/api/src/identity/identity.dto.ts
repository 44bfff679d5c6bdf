// Request bodies of account access, with the spec's field names. Shapes only (strings, lengths): the
// services apply the spec's rules and answer their own error codes (invalidMobile, weakPassword, ...).
// Unknown fields (domainGroup, os, app_name, ...) are dropped by the global validation pipe.

import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

export class PinCodeRequestDto {
  @IsString() @MaxLength(32) mobile_phone!: string;
  @IsOptional() @IsString() @MaxLength(20_000) response_token?: string;
}

export class PinCodeVerificationDto {
  @IsString() @MaxLength(32) mobile_phone!: string;
  @IsString() @MaxLength(16) code!: string;
  @IsString() @MaxLength(64) secret_key!: string;
  @Type(() => Number) @IsInt() timestamp!: number;
}

export class SignUpDto {
  @IsString() @MaxLength(254) email!: string;
  @IsString() @MaxLength(32) user_mobile!: string;
  @IsString() @MaxLength(200) name!: string;
  @IsString() @MaxLength(128) password!: string;
  @IsString() @MaxLength(128) confirmPassword!: string;
  /**
   * The invitation link the person came from (`/auth/sign-up?invitation_id=`): recorded on the sign-up as is.
   * Identity does not judge it; the tendering context takes a tender's e-mail invitation up with it once the
   * person's company is approved (an unknown or used id is harmless there;
   * one not shaped as an id is not recorded: a bad link never stops a sign-up).
   */
  @IsOptional() @IsString() @MaxLength(200) invitation_id?: string;
}

export class ActivateByPinDto {
  @IsString() @MaxLength(254) email!: string;
  @IsString() @MaxLength(64) pin!: string;
}

export class LoginDto {
  @IsString() @MaxLength(254) email!: string;
  @IsString() @MaxLength(128) password!: string;
  @IsOptional() @IsBoolean() rememberMe?: boolean;
}

export class ForgotPasswordDto {
  @IsString() @MaxLength(254) email!: string;
  @IsOptional() @IsString() @MaxLength(20_000) response_token?: string;
}

export class ResetPasswordDto {
  @IsString() @MaxLength(254) email!: string;
  @IsString() @MaxLength(64) token!: string;
  @IsString() @MaxLength(128) password!: string;
  @IsString() @MaxLength(128) confirmPassword!: string;
}

export class ChangePasswordDto {
  @IsString() @MaxLength(128) oldPassword!: string;
  @IsString() @MaxLength(128) newPassword!: string;
  @IsString() @MaxLength(128) confirmPassword!: string;
}

export class ChangePasswordMobileDto extends ChangePasswordDto {
  @IsString() @MaxLength(32) user_mobile!: string;
}

export class ForcePasswordResetDto {
  /** Why the administrator reset the password: kept on the event. */
  @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

export class AccountStatusChangeDto {
  /** Why the administrator suspends or reinstates the account: kept on the event, shown in its history. */
  @IsString() @MinLength(3) @MaxLength(500) reason!: string;
}

export class UiErrorDto {
  @IsString() @MaxLength(2000) error!: string;
  @IsOptional() @IsString() @MaxLength(20_000) error_info?: string;
}
