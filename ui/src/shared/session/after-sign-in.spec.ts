import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextStepOf, rememberNextStep, signInPathFor, takeNextStep } from './after-sign-in.js';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('what a visitor set out to do, carried through sign-up to sign-in', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('reads only the steps offered from a link', () => {
    expect(nextStepOf('register-company')).toBe('register-company');
    for (const value of [null, undefined, '', 'toString', '__proto__', 'https://elsewhere.example', 'Register-Company'])
      expect(nextStepOf(value)).toBeNull();
    expect(signInPathFor('register-company')).toBe('/auth/sign-in?next=register-company');
    expect(signInPathFor(null)).toBe('/auth/sign-in');
  });

  it('given the step kept at sign-up, when the same person signs in (any case), then they go to register the company, once', () => {
    rememberNextStep('register-company', 'Owner@Syarikat.my', 1_000);
    expect(takeNextStep('owner@syarikat.MY', null, 2_000)).toBe('/administration/add-company');
    expect(takeNextStep('owner@syarikat.my', null, 3_000)).toBeNull();
  });

  it('when someone else signs in on the browser, then they go where sign-in always leads, and the step waits for its owner', () => {
    rememberNextStep('register-company', 'owner@syarikat.my', 1_000);
    expect(takeNextStep('colleague@syarikat.my', null, 2_000)).toBeNull();
    expect(takeNextStep('owner@syarikat.my', null, 3_000)).toBe('/administration/add-company');
  });

  it('when a day has passed, then the step is forgotten', () => {
    rememberNextStep('register-company', 'owner@syarikat.my', 0);
    expect(takeNextStep('owner@syarikat.my', null, 24 * 60 * 60 * 1000 + 1)).toBeNull();
    expect(takeNextStep('owner@syarikat.my', null, 1)).toBeNull();
  });

  it('without a kept step, the sign-in link may ask for one itself; an unknown one leads nowhere new', () => {
    expect(takeNextStep('someone@syarikat.my', 'register-company')).toBe('/administration/add-company');
    expect(takeNextStep('someone@syarikat.my', '//evil.example')).toBeNull();
  });

  it('a broken kept value is ignored', () => {
    localStorage.setItem('binaan.afterSignIn', '{not json');
    expect(takeNextStep('owner@syarikat.my')).toBeNull();
  });
});
