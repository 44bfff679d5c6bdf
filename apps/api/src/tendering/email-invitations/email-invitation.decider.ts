// E-mail invitations (pure): the body, and who may take up an invitation. Refusals are `refusal`s.
import { refusal, invalidFields } from '../../common/refusal.js';

/** What the e-mail's address must look like: one @, a dot in the domain, no spaces (the identity rule's shape). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `{ companyName, email }`: a name of 1 to 200 characters and an address of at most 254. */
export function parseEmailInvitation(raw: unknown): { companyName: string; email: string } {
  const body = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
  if (body === null) throw invalidFields({ companyName: ['required'], email: ['required'] });
  const problems: Record<string, string[]> = {};
  for (const key of Object.keys(body)) if (key !== 'companyName' && key !== 'email') problems[key] = ['unknownField'];
  const name = typeof body.companyName === 'string' ? body.companyName.trim() : '';
  if (name === '' || name.length > 200) problems.companyName = ['required'];
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (email.length > 254 || !EMAIL.test(email)) problems.email = ['emailInvalid'];
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return { companyName: name, email };
}

/** The link's id: 16 to 64 URL-safe characters (as the call-for-interest ids), else it names nothing. */
export function mustBeInvitationId(id: string): void {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) throw refusal(404, 'tenderInvitationNotFound', 'This invitation does not exist.');
}
