// The seals this process made lately: found only under the very key object they were made with, dropped
// when the person is forgotten (or all at once), and bounded.
import { describe, expect, it } from '@jest/globals';
import { SealedValues } from './sealed-values.js';

const key = () => Buffer.alloc(32, 7);

describe('SealedValues', () => {
  it('gives back a seal only for the same key object, names and plaintext', () => {
    const sealed = new SealedValues();
    const farid = key();
    expect(sealed.set('farid', farid, 'email,name', '["f@x.my","Farid"]', 'BODY')).toBe('BODY');
    expect(sealed.get(farid, 'email,name', '["f@x.my","Farid"]')).toBe('BODY');
    // Equal bytes in another object (the key read again) find nothing; nor other names or values.
    expect(sealed.get(key(), 'email,name', '["f@x.my","Farid"]')).toBeUndefined();
    expect(sealed.get(farid, 'name,email', '["f@x.my","Farid"]')).toBeUndefined();
    expect(sealed.get(farid, 'email,name', '["f@x.my","Farid "]')).toBeUndefined();
  });

  it('forgets a person at once, and what was made under their old key object when the key is read again', () => {
    const sealed = new SealedValues();
    const farid = key();
    const aina = key();
    sealed.set('farid', farid, 'name', '["Farid"]', 'F1');
    sealed.set('aina', aina, 'name', '["Aina"]', 'A1');
    sealed.forget('farid');
    expect(sealed.get(farid, 'name', '["Farid"]')).toBeUndefined();
    expect(sealed.get(aina, 'name', '["Aina"]')).toBe('A1');
    const ainaAgain = key();
    sealed.set('aina', ainaAgain, 'name', '["Aina"]', 'A2');
    expect(sealed.get(aina, 'name', '["Aina"]')).toBeUndefined();
    expect(sealed.entries).toBe(1);
    sealed.forget(null);
    expect(sealed.entries).toBe(0);
  });

  it("keeps a person's latest 64 seals and, when full, starts again rather than growing", () => {
    const sealed = new SealedValues(100);
    const farid = key();
    for (let n = 0; n < 70; n++) sealed.set('farid', farid, 'name', `["Farid ${n}"]`, `B${n}`);
    expect(sealed.entries).toBe(64);
    expect(sealed.get(farid, 'name', '["Farid 0"]')).toBeUndefined();
    expect(sealed.get(farid, 'name', '["Farid 69"]')).toBe('B69');
    for (let person = 0; person < 40; person++) sealed.set(`p${person}`, key(), 'name', '["x"]', 'X');
    expect(sealed.entries).toBeLessThanOrEqual(100);
  });
});
