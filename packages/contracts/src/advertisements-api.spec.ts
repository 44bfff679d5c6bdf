import { describe, expect, it } from '@jest/globals';
import { advertisementDetailsErrors, advertisementReasonErrors, isHttpsLink } from './advertisements-api.js';

const good = {
  title: 'Raya sale',
  linkUrl: 'https://steel.example.my/raya?from=binaan#top',
  validFrom: '2026-04-01',
  validTo: '2026-04-30',
};

describe("an advertisement's details", () => {
  it('given a title, an https link and dates in order, then no field errors', () => {
    expect(advertisementDetailsErrors(good)).toEqual({});
    expect(advertisementDetailsErrors({ ...good, linkUrl: '' })).toEqual({});
    expect(advertisementDetailsErrors({ ...good, validTo: good.validFrom })).toEqual({});
  });

  it.each([
    ['no title', { title: '  ' }, { title: ['required'] }],
    ['a title over 120 characters', { title: 'x'.repeat(121) }, { title: ['tooLong'] }],
    ['an http link', { linkUrl: 'http://steel.example.my' }, { linkUrl: ['adLinkNotHttps'] }],
    ['no dates', { validFrom: undefined, validTo: '' }, { validFrom: ['required'], validTo: ['required'] }],
    ['a day that is none', { validTo: '2026-04-31' }, { validTo: ['invalidDate'] }],
    ['the last day before the first', { validFrom: '2026-05-01' }, { validTo: ['adValidToBeforeValidFrom'] }],
  ])('given %s, then its field error', (_case, change, fields) => {
    expect(advertisementDetailsErrors({ ...good, ...change })).toEqual(fields);
  });

  it.each([
    ['https://example.my', true],
    ['https://sub.example.my:8443/a?b=c', true],
    ['http://example.my', false],
    ['javascript:alert(1)', false],
    ['https://user:pw@example.my', false],
    ['https://exa mple.my', false],
    ['//example.my', false],
    ['https://', false],
  ])('the link %s is https: %s', (link, expected) => {
    expect(isHttpsLink(link)).toBe(expected);
  });

  it('a reason is 1 to 500 characters', () => {
    expect(advertisementReasonErrors('Approved')).toEqual({});
    expect(advertisementReasonErrors(' ')).toEqual({ reason: ['required'] });
    expect(advertisementReasonErrors(undefined)).toEqual({ reason: ['required'] });
    expect(advertisementReasonErrors('x'.repeat(501))).toEqual({ reason: ['tooLong'] });
  });
});
