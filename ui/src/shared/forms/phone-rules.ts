// The form rules that check a phone number (public-area.md §5), apart from rules.ts so that libphonenumber and
// its metadata load only with the pages that ask for a phone (sign-up, the mobile password change), not with
// the sign-in page on the way into the signed-in area (issue 32).
import { REQUIRED, collect, err, isStrongPassword, need } from './rules.js';
import { isValidPhone } from './phone.js';

export function validateMobileStep(values: { mobile: string }) {
  return collect<'mobile'>([['mobile', need(values.mobile) ?? (isValidPhone(values.mobile) ? null : err('invalidMobile'))]]);
}

export type ChangePasswordValues = { oldPassword: string; newPassword: string; confirmPassword: string; phoneNumber?: string; terms?: boolean };

/** The forced change; with `mobileVariant` also the phone (12 to 20 characters, valid) and the terms. */
export function validateChangePassword(values: ChangePasswordValues, mobileVariant = false) {
  const phone = values.phoneNumber ?? '';
  return collect<keyof ChangePasswordValues>([
    ['oldPassword', need(values.oldPassword)],
    ['newPassword', need(values.newPassword) ?? (!isStrongPassword(values.newPassword) ? err('weakPassword') : values.newPassword === values.oldPassword ? err('newPasswordSameAsOld') : null)],
    ['confirmPassword', values.confirmPassword === values.newPassword && values.confirmPassword !== '' ? null : values.confirmPassword === '' ? REQUIRED : err('passwordMismatch')],
    ['phoneNumber', !mobileVariant ? null : need(phone) ?? (isValidPhone(phone) && phone.length >= 12 && phone.length <= 20 ? null : err('invalidMobile'))],
    ['terms', !mobileVariant || values.terms ? null : REQUIRED],
  ]);
}
