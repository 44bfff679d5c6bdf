// Which members a typed text finds in the authority pickers: a part of the name or of the e-mail, any case.
import type { CompanyMember } from '@binaan/contracts';

export function matchMembers(members: readonly CompanyMember[], text: string): CompanyMember[] {
  const wanted = text.trim().toLowerCase();
  return wanted ? members.filter((m) => m.name.toLowerCase().includes(wanted) || m.email.toLowerCase().includes(wanted)) : [...members];
}
