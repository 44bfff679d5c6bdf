import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../config.js';
import type { Secrets } from '../common/secrets.js';
import { ApprovalLinkKey } from './approval-link-key.js';

const secrets = { approvalLinkKey: 'kept-in-the-data-folder'.padEnd(43, '-') } as Secrets;

describe('the approval link key', () => {
  it('outside production: the key kept in the data folder when APPROVAL_LINK_KEY is unset', () => {
    expect(new ApprovalLinkKey(loadConfig({ NODE_ENV: 'development' }), secrets).current()).toBe(secrets.approvalLinkKey);
    expect(new ApprovalLinkKey(loadConfig({ NODE_ENV: 'test' }), secrets).current()).toBe(secrets.approvalLinkKey);
  });

  it("in production only when set: without it there are no links (one host's folder key would fail on another)", () => {
    expect(new ApprovalLinkKey(loadConfig({ NODE_ENV: 'production' }), secrets).current()).toBeNull();
    const given = 's'.repeat(40);
    expect(
      new ApprovalLinkKey(loadConfig({ NODE_ENV: 'production', APPROVAL_LINK_KEY: given }), {
        ...secrets,
        approvalLinkKey: given,
      }).current(),
    ).toBe(given);
  });

  it('the lifetime of the links is a setting: 72 hours unless APPROVAL_LINK_HOURS says otherwise', () => {
    expect(loadConfig({}).approvalLinkHours).toBe(72);
    expect(loadConfig({ APPROVAL_LINK_HOURS: '24' }).approvalLinkHours).toBe(24);
    expect(() => loadConfig({ APPROVAL_LINK_HOURS: 'soon' })).toThrow();
  });

  it('nonces are 128 random bits, base64url', () => {
    const key = new ApprovalLinkKey(loadConfig({}), secrets);
    const [a, b] = [key.nonce(), key.nonce()];
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a).not.toBe(b);
  });
});
