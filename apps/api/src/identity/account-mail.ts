// The e-mails of account access, in plain words, with links to the ui's pages.

import { Inject, Injectable } from '@nestjs/common';
import { API_CONFIG } from '../store/store.tokens.js';
import type { ApiConfig } from '../config.js';
import { EMAIL_SENDER, type EmailSender } from '../messaging/messaging.ports.js';

@Injectable()
export class AccountMail {
  constructor(
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  activation(to: string, name: string, pin: string): Promise<void> {
    const link = `${this.config.publicUrl}/auth/activate?email=${encodeURIComponent(to)}&activation_code=${encodeURIComponent(pin)}`;
    return this.email.send({
      to,
      purpose: 'activation-pin',
      subject: 'Activate your Binaan account',
      text: `Hello ${name},\n\nYour activation code is: ${pin}\n\nOr open this link to activate your account:\n${link}\n\nThe code is valid for 30 minutes.\n\nBinaan`,
    });
  }

  accountExists(to: string, name: string): Promise<void> {
    return this.email.send({
      to,
      purpose: 'account-exists',
      subject: 'Someone tried to sign up with your e-mail',
      text: `Hello ${name},\n\nSomeone tried to sign up to Binaan with this e-mail address, which already has an account.\nIf it was you, sign in at ${this.config.publicUrl}/auth/sign-in or reset your password at ${this.config.publicUrl}/auth/forgot-password.\nIf not, you can ignore this message.\n\nBinaan`,
    });
  }

  passwordReset(to: string, name: string, token: string): Promise<void> {
    return this.email.send({
      to,
      purpose: 'password-reset',
      subject: 'Reset your Binaan password',
      text: `Hello ${name},\n\nOpen this link to choose a new password:\n${this.resetLink(to, token)}\n\nThe link works once and expires in 30 minutes. If you did not ask for it, ignore this message.\n\nBinaan`,
    });
  }

  /** A platform administrator made by the store CLI: the reset page sets the first password, which activates the account. */
  administratorActivation(to: string, name: string, token: string): Promise<void> {
    return this.email.send({
      to,
      purpose: 'administrator-activation',
      subject: 'Activate your Binaan administrator account',
      text: `Hello ${name},\n\nA Binaan platform administrator account has been made for this e-mail address. Open this link to choose your password; that activates the account:\n${this.resetLink(to, token)}\n\nThe link works once and expires in 30 minutes. Then sign in at ${this.config.publicUrl}/auth/sign-in.\nIf you did not expect this, ignore this message: the account stays inactive.\n\nBinaan`,
    });
  }

  private resetLink(to: string, token: string): string {
    return `${this.config.publicUrl}/auth/reset-password?email=${encodeURIComponent(to)}&token=${encodeURIComponent(token)}`;
  }

  temporaryPassword(to: string, name: string, password: string): Promise<void> {
    return this.email.send({
      to,
      purpose: 'temporary-password',
      subject: 'Your Binaan password was reset',
      text: `Hello ${name},\n\nAn administrator has reset your Binaan password. Your temporary password is: ${password}\n\nSign in at ${this.config.publicUrl}/auth/sign-in with it; you will be asked to choose a new password at once.\nYou have been signed out everywhere. If you did not expect this, contact your administrator.\n\nBinaan`,
    });
  }
}
