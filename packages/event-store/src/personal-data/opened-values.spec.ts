// The opened values on their own (no database): what is kept, what finds it, and what bounds it.

import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { OpenedValues } from './opened-values.js';

/** A seal's base64url body: 16 characters of IV, then anything. */
const body = () => `${randomBytes(12).toString('base64url')}${randomBytes(30).toString('base64url')}`;

/** A whole "pd3:" seal text: the fields by their places ("01" for email,name: the codec expands them, here only the text matters). */
const textOf = (subject: string, names: string, seal: string) =>
  `pd3:${subject}:${names
    .split(',')
    .map((_, at) => at)
    .join('')}:${seal}`;
/** `opened.set` with the whole text, as the codec calls it. */
function put(opened: OpenedValues, subject: string, key: Buffer, names: string, seal: string, values: Record<string, unknown>): void {
  const text = textOf(subject, names, seal);
  opened.set(text, subject, key, names, text.length - seal.length, values as never);
}

describe('opened values', () => {
  it('keeps a seal at its second opening, finds it only with the same key object, names and IV, and drops a forgotten subject', () => {
    const opened = new OpenedValues();
    const key = randomBytes(32);
    const seal = body();
    put(opened, 'kumar', key, 'email,name', seal, { email: 'kumar@example.my', name: 'Kumar' });
    expect(opened.get(key, 'email,name', seal)).toBeUndefined();
    put(opened, 'kumar', key, 'email,name', seal, { email: 'kumar@example.my', name: 'Kumar' });
    expect(opened.get(key, 'email,name', seal)).toEqual({ email: 'kumar@example.my', name: 'Kumar' });
    // An equal key that is another object (read again), other names, or another IV with the same first characters: not found.
    expect(opened.get(Buffer.from(key), 'email,name', seal)).toBeUndefined();
    expect(opened.get(key, 'name,email', seal)).toBeUndefined();
    expect(opened.get(key, 'email,name', `${seal.slice(0, 15)}${seal[15] === 'A' ? 'B' : 'A'}${seal.slice(16)}`)).toBeUndefined();
    // Values holding objects are never kept (readers share them).
    const nested = body();
    put(opened, 'kumar', key, 'address', nested, { address: { city: 'Ipoh' } });
    put(opened, 'kumar', key, 'address', nested, { address: { city: 'Ipoh' } });
    expect(opened.get(key, 'address', nested)).toBeUndefined();
    opened.forget('kumar');
    expect(opened.get(key, 'email,name', seal)).toBeUndefined();
    expect(opened.entries).toBe(0);
  });

  it('holds no more than its limit, and keeps nothing the key store no longer holds', () => {
    const opened = new OpenedValues(4);
    const keys = Array.from({ length: 10 }, () => randomBytes(32));
    for (let person = 0; person < 10; person++) {
      for (let n = 0; n < 3; n++) {
        const seal = body();
        put(opened, `p${person}`, keys[person]!, 'name', seal, { name: `P${person}.${n}` });
        put(opened, `p${person}`, keys[person]!, 'name', seal, { name: `P${person}.${n}` });
      }
      expect(opened.entries).toBeLessThanOrEqual(4);
    }
    expect(opened.entries).toBeGreaterThan(0);
    const gone = new OpenedValues();
    gone.stillHeld = () => false;
    const seal = body();
    put(gone, 'lim', keys[0]!, 'name', seal, { name: 'Lim' });
    put(gone, 'lim', keys[0]!, 'name', seal, { name: 'Lim' });
    expect(gone.entries).toBe(0);
  });

  it("finds an entry by its whole seal text, nothing else, and forgets it with its person, with everyone, or as its person's oldest", () => {
    const opened = new OpenedValues();
    const key = randomBytes(32);
    const keep = (subject: string, names: string, seal: string, values: Record<string, string>) => {
      put(opened, subject, key, names, seal, values);
      put(opened, subject, key, names, seal, values);
    };
    const seal = body();
    keep('kumar', 'email,name', seal, { email: 'kumar@example.my', name: 'Kumar' });
    const text = `pd3:kumar:01:${seal}`;
    expect(opened.bySealText(text)).toEqual({ email: 'kumar@example.my', name: 'Kumar' });
    // The same body under another subject, other places or another version, another body with the same last characters: not found.
    expect(opened.bySealText(`pd3:kumaq:01:${seal}`)).toBeUndefined();
    expect(opened.bySealText(`pd3:kumar:02:${seal}`)).toBeUndefined();
    expect(opened.bySealText(`pd3:kumar:01:${seal[0] === 'A' ? 'B' : 'A'}${seal.slice(1)}`)).toBeUndefined();
    expect(opened.bySealText(`pd2:kumar:01:${seal}`)).toBeUndefined();
    opened.forget('kumar');
    expect(opened.bySealText(text)).toBeUndefined();
    keep('kumar', 'email,name', seal, { email: 'kumar@example.my', name: 'Kumar' });
    expect(opened.bySealText(text)).toBeDefined();
    opened.forget(null);
    expect(opened.bySealText(text)).toBeUndefined();
    // A person keeps their latest 256 seals: the oldest goes from both places.
    const seals = Array.from({ length: 257 }, () => body());
    for (const [n, each] of seals.entries()) keep('lim', 'name', each, { name: `Lim ${n}` });
    expect(opened.bySealText(`pd3:lim:0:${seals[0]}`)).toBeUndefined();
    expect(opened.bySealText(`pd3:lim:0:${seals[256]}`)).toEqual({ name: 'Lim 256' });
    expect(opened.entries).toBe(256);
  });
});
