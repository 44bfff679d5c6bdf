// W3C Bitstring Status List v1.0: one bit per credential, index 0 the most significant bit of the first
// byte, the whole list GZIP-compressed and written as a base64url (no padding) multibase string ('u').
// A list holds 131,072 entries (16 KiB), the spec's least size, so one credential hides among as many.
import { gunzipSync, gzipSync } from 'node:zlib';
import { VC_V2_CONTEXT } from './json-ld-contexts.js';

export const STATUS_LIST_LENGTH = 131_072;

/** The encodedList with the bits at `setIndexes` set (indexes outside the list are ignored). */
export function encodeStatusList(setIndexes: Iterable<number>, length = STATUS_LIST_LENGTH): string {
  const bytes = Buffer.alloc(length / 8);
  for (const index of setIndexes) {
    if (Number.isInteger(index) && index >= 0 && index < length) bytes[index >> 3]! |= 0x80 >> (index & 7);
  }
  return `u${gzipSync(bytes).toString('base64url')}`;
}

/** The indexes whose bit is set in an encodedList (for tests and checks of our own). */
export function setIndexesOf(encodedList: string): number[] {
  if (!encodedList.startsWith('u')) throw new Error('encodedList is not base64url multibase');
  const bytes = gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'));
  const set: number[] = [];
  bytes.forEach((byte, i) => {
    for (let bit = 0; bit < 8; bit++) if (byte & (0x80 >> bit)) set.push(i * 8 + bit);
  });
  return set;
}

export type StatusListEntry = {
  id: string;
  type: 'BitstringStatusListEntry';
  statusPurpose: 'revocation';
  statusListIndex: string;
  statusListCredential: string;
};

export function statusListEntry(statusListCredential: string, index: number): StatusListEntry {
  return {
    id: `${statusListCredential}#${index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: String(index),
    statusListCredential,
  };
}

/** The unsigned BitstringStatusListCredential at `url`. */
export function statusListCredential(url: string, issuer: string, validFrom: Date, encodedList: string) {
  return {
    '@context': [VC_V2_CONTEXT],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer,
    validFrom: `${validFrom.toISOString().slice(0, 19)}Z`,
    credentialSubject: { id: `${url}#list`, type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList },
  };
}
