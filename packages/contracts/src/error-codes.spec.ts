import { describe, expect, it } from '@jest/globals';
import { ErrorCodes } from './error-codes.js';

describe('error codes', () => {
  it('are their own names, so the ui key error.<code> is predictable', () => {
    // ShowEula keeps the spelling the spec's clients already react to (signed-in-area.md §4.2).
    for (const [key, value] of Object.entries(ErrorCodes)) expect(value).toBe(key === 'showEula' ? 'ShowEula' : key);
  });
});
