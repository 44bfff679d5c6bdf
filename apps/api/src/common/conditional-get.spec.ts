import { describe, expect, it } from '@jest/globals';
import { etagMatches } from './conditional-get.js';

describe('etagMatches (weak comparison, RFC 9110 §8.8.3.2)', () => {
  it.each([
    ['"5"', '"5"', true],
    ['W/"5"', '"5"', true],
    ['"5"', 'W/"5"', true],
    ['"4", "5"', '"5"', true],
    ['*', '"5"', true],
    ['"50"', '"5"', false],
    ['"4", W/"6"', '"5"', false],
    ['', '"5"', false],
  ])('If-None-Match %s against ETag %s: %s', (header, etag, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
});
