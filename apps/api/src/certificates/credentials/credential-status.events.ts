// Each certificate's place in a revocation status list, allocated the first time its credential is made
// and recorded once: stream `credentialStatusList-<list>`, one event per index, in index order (the event's
// revision is its index, so the append's expected revision makes two allocations of one index impossible).
export type CredentialStatusIndexAllocatedData = {
  list: number;
  index: number;
  registrationId: string;
  certificateNo: string;
  at: string;
  by: string;
};

export const credentialStatusListStream = (list: number) => `credentialStatusList-${list}`;
export const CREDENTIAL_STATUS_EVENT_TYPES = ['CredentialStatusIndexAllocated'] as const;
