// The account calls of the public area (public-area.md §7), each throwing ApiError on a refusal.
import type { LoginReply, PinCodeRequestReply } from '@binaan/contracts';
import { ApiError, apiFetch } from '../../shared/api/client.js';
import { solveHumanCheck } from '../../shared/forms/human-check.js';
import type { CodeCheck, CodeRequest, CodeRequestReply, SignUpDetails, WizardFailure } from './sign-up.machine.js';

/** A refusal as the wizard keeps it: the code for the banner, and the seconds left when the server says. */
export function toFailure(error: unknown): WizardFailure {
  if (!(error instanceof ApiError))
    return { errorCode: (error as { errorCode?: string })?.errorCode ?? 'unknownError', errorMessage: 'unknownError' };
  const wait = error.extra.retryAfterSeconds;
  return {
    errorCode: error.errorCode,
    errorMessage: error.errorMessage || error.errorCode,
    ...(typeof wait === 'number' ? { retryAfterSeconds: wait } : {}),
  };
}

export async function requestCode({ mobile }: CodeRequest): Promise<CodeRequestReply> {
  const response_token = await solveHumanCheck();
  const reply = await apiFetch<PinCodeRequestReply>('pin-code-request', {
    method: 'POST',
    token: null,
    body: { mobile_phone: mobile, response_token },
  });
  return { secretKey: reply.secretKey, timestamp: reply.timestamp };
}

export async function verifyCode({ mobile, code, secretKey, timestamp }: CodeCheck): Promise<void> {
  await apiFetch('pin-code-verification', {
    method: 'POST',
    token: null,
    body: { mobile_phone: mobile, code: code.trim(), secret_key: secretKey, timestamp },
  });
}

/** `invitationId`: a tender's e-mail invitation the person came from (the server takes it up on the company's approval). */
export async function signUp(details: SignUpDetails, invitationId: string | null = null): Promise<void> {
  await apiFetch('users/sign-up', {
    method: 'POST',
    token: null,
    body: {
      email: details.email.trim(),
      user_mobile: details.mobile,
      name: details.name.trim(),
      password: details.password,
      confirmPassword: details.confirmPassword,
      ...(invitationId ? { invitation_id: invitationId } : {}),
    },
  });
}

export function login(email: string, password: string, rememberMe: boolean): Promise<LoginReply> {
  return apiFetch<LoginReply>('login', { method: 'POST', token: null, body: { email: email.trim(), password, rememberMe } });
}

export type EulaReply = { success: true; data: { eula_contents: string; version: number } };

export function latestEula(): Promise<EulaReply> {
  return apiFetch<EulaReply>('eula-version/get-latest', { token: null });
}
