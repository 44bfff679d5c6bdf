// The companies context's personal fields (issue 31): a call for interest names its addressee by e-mail,
// sealed under the address's lookup subject (forgetting the user with that address forgets it too).

import type { PersonalDataDeclarations } from '@binaan/event-store';
import type { LookupKeys } from '../personal-data/lookup-keys.js';

export function companiesPersonalData(lookup: LookupKeys): PersonalDataDeclarations {
  return {
    InvitationSent: { subject: (data) => (typeof data.toEmail === 'string' && data.toEmail ? lookup.emailSubject(data.toEmail) : null), fields: ['toEmail'] },
  };
}
