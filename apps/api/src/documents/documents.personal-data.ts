// The documents context's personal fields: a delivery order's driver (name and contact). The
// subject is the contact number's lookup subject when one is given (forgetting the user with that mobile
// erases them as a driver), else one of the document's own.

import type { JsonObject, PersonalDataDeclarations } from '@binaan/event-store';
import type { LookupKeys } from '../personal-data/lookup-keys.js';

export function documentsPersonalData(lookup: LookupKeys): PersonalDataDeclarations {
  const driver = (fields: JsonObject | undefined, streamId: string) => {
    const contact = fields?.driverContact;
    return typeof contact === 'string' && contact.trim() ? lookup.mobileSubject(contact) : `driver.${streamId}`;
  };
  return {
    DocumentDrafted: {
      subject: (data, streamId) => driver(data.fields as JsonObject | undefined, streamId),
      fields: ['fields.driverName', 'fields.driverContact'],
    },
    DocumentEdited: {
      subject: (data, streamId) => driver(data.changes as JsonObject | undefined, streamId),
      fields: ['changes.driverName', 'changes.driverContact'],
    },
  };
}
