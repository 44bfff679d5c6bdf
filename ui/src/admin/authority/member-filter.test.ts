import { describe, expect, it } from 'vitest';
import { matchMembers } from './member-filter.js';

const members = [
  { id: 'u1', name: 'Aminah binti Yusof', email: 'aminah@teguhbina.my', roles: ['Company Administrator'], isSiteTeam: false },
  { id: 'u2', name: 'Farid bin Hassan', email: 'farid@teguhbina.my', roles: ['Site Team'], isSiteTeam: true },
  { id: 'u3', name: 'Lim Wei Jie', email: 'lim@teguhbina.my', roles: ['Approver'], isSiteTeam: false },
];

describe('the member picker', () => {
  it('finds a part of the name in any case', () => {
    expect(matchMembers(members, ' YUSOF ').map((m) => m.id)).toEqual(['u1']);
    expect(matchMembers(members, 'bin h').map((m) => m.id)).toEqual(['u2']);
  });

  it('finds a part of the e-mail', () => {
    expect(matchMembers(members, 'lim@').map((m) => m.id)).toEqual(['u3']);
  });

  it('lists everyone for no text, and no one for a text nobody has', () => {
    expect(matchMembers(members, '  ')).toHaveLength(3);
    expect(matchMembers(members, 'u2')).toEqual([]);
  });
});
