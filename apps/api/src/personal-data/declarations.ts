// Every context's personal fields, in one place for the store (open-configured-store.ts). A context that
// records a person's name, e-mail, mobile or identity number in an event declares it in its own
// <context>.personal-data.ts and is listed here; the store seals those fields with the person's key.
// Subjects: a user id where the event names the user; otherwise the lookup subject of the e-mail or
// mobile that names the person (LookupKeys), which forgetting the user with that address forgets too.

import type { PersonalDataDeclarations } from '@binaan/event-store';
import { certificatesPersonalData } from '../certificates/certificates.personal-data.js';
import { companiesPersonalData } from '../companies/companies.personal-data.js';
import { profilePersonalData } from '../companies/profile/profile.personal-data.js';
import { documentsPersonalData } from '../documents/documents.personal-data.js';
import { identityPersonalData } from '../identity/identity.personal-data.js';
import { inquiryPersonalData } from '../inquiries/inquiry.personal-data.js';
import { mailLogPersonalData } from '../messaging/mail-log/mail-log.personal-data.js';
import { projectsPersonalData } from '../projects/projects.personal-data.js';
import { tenderingPersonalData } from '../tendering/tendering.personal-data.js';
import { businessNetworkPersonalData } from '../business-network/business-network.personal-data.js';
import type { LookupKeys } from './lookup-keys.js';

export function personalDataDeclarations(lookup: LookupKeys): PersonalDataDeclarations {
  return {
    ...identityPersonalData,
    ...certificatesPersonalData(lookup),
    ...projectsPersonalData(lookup),
    ...companiesPersonalData(lookup),
    ...profilePersonalData,
    ...documentsPersonalData(lookup),
    ...tenderingPersonalData(lookup),
    ...mailLogPersonalData(lookup),
    ...inquiryPersonalData(lookup),
    ...businessNetworkPersonalData,
  };
}
