// Every context's personal fields, in one place for the store (open-configured-store.ts). A context that
// records a person's name, e-mail, mobile or identity number in an event declares it in its own
// <context>.personal-data.ts and is listed here; the store seals those fields with the person's key.

import type { PersonalDataDeclarations } from '@binaan/event-store';
import { identityPersonalData } from '../identity/identity.personal-data.js';

export const personalDataDeclarations: PersonalDataDeclarations = {
  ...identityPersonalData,
};
