// Which precompressed copy a browser may get: Accept-Encoding as RFC 9110 §12.5.3 reads it.
import { describe, expect, it } from '@jest/globals';
import { acceptedEncodings } from './static-files.js';

describe('acceptedEncodings', () => {
  it.each([
    ['gzip, deflate, br, zstd', { br: true, gzip: true }],
    ['gzip', { br: false, gzip: true }],
    ['br;q=1.0, gzip;q=0.8', { br: true, gzip: true }],
    ['gzip;q=0, br', { br: true, gzip: false }],
    ['*', { br: true, gzip: true }],
    ['*;q=0, gzip', { br: false, gzip: true }],
    ['identity', { br: false, gzip: false }],
    ['', { br: false, gzip: false }],
  ])('%j allows %j', (header, expected) => {
    const accepts = acceptedEncodings(header);
    expect({ br: accepts('br'), gzip: accepts('gzip') }).toEqual(expected);
  });

  it('allows nothing when the header is missing', () => {
    expect(acceptedEncodings(undefined)('gzip')).toBe(false);
  });
});
