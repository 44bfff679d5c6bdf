import { describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { directoryCursor, directoryQuery } from './contractor-directory.js';

const fieldsOf = (raw: Record<string, unknown>) => {
  try {
    directoryQuery(raw);
    return null;
  } catch (error) {
    return Object.keys(((error as HttpException).getResponse() as { extra: { fields: Record<string, string[]> } }).extra.fields);
  }
};

describe('the contractor directory query', () => {
  it('given nothing, then every shown company, twelve a page from the first', () => {
    expect(directoryQuery({})).toEqual({ trade: null, state: null, q: '', after: null, limit: 12 });
  });

  it('reads a trade, a state, the name, the page size and the cursor of an earlier page', () => {
    const after = directoryCursor({ key: 'kukuh jaya contractor sdn bhd', id: 'kukuh-jaya' });
    expect(directoryQuery({ trade: 'supply', state: '5', q: '  bekal ', limit: '50', after, range: '[0,24]' })).toEqual({
      trade: 'supply',
      state: 5,
      q: 'bekal',
      after: { key: 'kukuh jaya contractor sdn bhd', id: 'kukuh-jaya' },
      limit: 50,
    });
    expect(directoryQuery({ trade: '', state: '', q: '', after: '', limit: '' })).toEqual(directoryQuery({}));
  });

  it('refuses, naming each, what it does not offer', () => {
    expect(fieldsOf({ trade: 'plumbing', state: '12', limit: '0', after: 'x', q: 'q'.repeat(101) })).toEqual([
      'trade',
      'state',
      'q',
      'after',
      'limit',
    ]);
    expect(fieldsOf({ trade: ['supply', 'building'] })).toEqual(['trade']);
    expect(fieldsOf({ limit: '51' })).toEqual(['limit']);
    expect(fieldsOf({ after: Buffer.from('["a"]').toString('base64url') })).toEqual(['after']);
  });
});
