// The user menu of the app bar. react-admin's button shows the user's name but is labelled "Profile", so a
// speech-input user saying what they see ("click Kumar") misses it (WCAG 2.5.3, axe label-content-name-mismatch):
// here the label is the name shown. Without a name (still loading) it stays react-admin's "Profile".
import { UserMenu, useGetIdentity } from 'react-admin';

export function AccountMenu() {
  const { identity } = useGetIdentity();
  const name = identity?.fullName?.trim();
  return <UserMenu {...(name ? { label: name } : {})} />;
}
