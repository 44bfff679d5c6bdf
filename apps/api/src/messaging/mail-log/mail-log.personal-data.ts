// The e-mail log's personal fields: the recipient's address, and the subject and the server's reason, which
// can name the person. Sealed under the address's lookup subject, so forgetting the user with that address
// erases them in the log too.
import type { PersonalDataDeclarations } from '@binaan/event-store';
import type { LookupKeys } from '../../personal-data/lookup-keys.js';

export function mailLogPersonalData(lookup: LookupKeys): PersonalDataDeclarations {
  const subject = (data: Record<string, unknown>) => (typeof data.to === 'string' && data.to ? lookup.emailSubject(data.to) : null);
  return {
    EmailSent: { subject, fields: ['to', 'subject'] },
    EmailNotSent: { subject, fields: ['to', 'subject', 'error'] },
  };
}
