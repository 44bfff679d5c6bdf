import { describe, expect, it } from '@jest/globals';
import { gunzipSync } from 'node:zlib';
import { encodeStatusList, setIndexesOf, STATUS_LIST_LENGTH, statusListEntry } from './status-list.js';

describe('the bitstring status list', () => {
  it('given no revocation, is 131,072 clear bits, GZIP and base64url multibase', () => {
    const encoded = encodeStatusList([]);
    expect(encoded.startsWith('u')).toBe(true);
    expect(encoded.slice(1)).toMatch(/^[A-Za-z0-9_-]+$/);
    const bytes = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
    expect(bytes.length * 8).toBe(STATUS_LIST_LENGTH);
    expect(bytes.every((b) => b === 0)).toBe(true);
  });

  it('sets index 0 as the first byte’s most significant bit, and reads back what it set', () => {
    const bytes = gunzipSync(Buffer.from(encodeStatusList([0, 9]).slice(1), 'base64url'));
    expect([bytes[0], bytes[1]]).toEqual([0x80, 0x40]);
    expect(setIndexesOf(encodeStatusList([5, 131_071, 77, 131_072, -1]))).toEqual([5, 77, 131_071]);
  });

  it('names the list and the index in each entry', () => {
    expect(statusListEntry('https://x.example/api/credentials/status/1', 12)).toEqual({
      id: 'https://x.example/api/credentials/status/1#12',
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: '12',
      statusListCredential: 'https://x.example/api/credentials/status/1',
    });
  });
});
