// The identity context's personal fields (issue 31): sealed with the person's key before they are stored.
// The subject is the user id: from the event where it names the user, from the user stream otherwise.

import type { PersonalDataDeclarations } from '@binaan/event-store';

const userOfStream = (streamId: string) => (streamId.startsWith('user-') ? streamId.slice('user-'.length) : null);

export const identityPersonalData: PersonalDataDeclarations = {
  // A missing or non-string user id gives '', which the codec refuses loudly (not an id) rather than storing the fields plain.
  UserSignedUp: { subject: (data) => (typeof data.userId === 'string' ? data.userId : ''), fields: ['email', 'name', 'mobile'] },
  MobileChanged: { subject: (_data, streamId) => userOfStream(streamId), fields: ['mobile'] },
};
