// The events-and-certificates context's personal fields. A participant registers publicly with
// a name, an e-mail and a contact number, without an account: the subject is their e-mail's lookup subject
// (LookupKeys.emailSubject), so forgetting the user who holds that address forgets their registrations,
// and an administrator can forget a participant who has no account by the address alone.
//
// Certificates stay verifiable after an erasure: the QR's signature covers the registration, event and
// user ids, the number, the issue time and the key (never the name), and `hashMatches` / `chainVerifies`
// hash the events as stored, with the name sealed. Forgetting destroys the key and leaves every stored
// byte as it was, so a forgotten holder's certificate still verifies as genuine; its holder reads ERASED.

import type { PersonalDataDeclarations } from '@binaan/event-store';
import type { LookupKeys } from '../personal-data/lookup-keys.js';

export function certificatesPersonalData(lookup: LookupKeys): PersonalDataDeclarations {
  return {
    EventParticipantRegistered: {
      subject: (data) => (typeof data.email === 'string' && data.email ? lookup.emailSubject(data.email) : null),
      fields: ['name', 'email', 'contact'],
    },
    EventCertificateEmailed: {
      subject: (data) => (typeof data.to === 'string' && data.to ? lookup.emailSubject(data.to) : null),
      fields: ['to'],
    },
  };
}
