import { describe, expect, it } from '@jest/globals';
import { loadCertificatesConfig } from './certificates.config.js';

describe('certificates configuration', () => {
  it('limits lookups to 600 and registrations to 30 a minute per address unless the environment says otherwise', () => {
    expect(loadCertificatesConfig({})).toEqual({
      lookups: { limit: 600, windowMs: 60_000 },
      registrations: { limit: 30, windowMs: 60_000 },
    });
    expect(loadCertificatesConfig({ PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000', PUBLIC_REGISTRATION_LIMIT_PER_MINUTE: ' ' })).toEqual({
      lookups: { limit: 1_000_000, windowMs: 60_000 },
      registrations: { limit: 30, windowMs: 60_000 },
    });
  });

  it('refuses a value that is not a positive whole number, naming the variable', () => {
    for (const bad of ['0', '-5', '1.5', 'lots', '1e400']) {
      expect(() => loadCertificatesConfig({ PUBLIC_RATE_LIMIT_PER_MINUTE: bad })).toThrow(
        `PUBLIC_RATE_LIMIT_PER_MINUTE must be a whole number of calls per minute (1 or more), not "${bad}"`,
      );
    }
    expect(() => loadCertificatesConfig({ PUBLIC_REGISTRATION_LIMIT_PER_MINUTE: 'x' })).toThrow(/PUBLIC_REGISTRATION_LIMIT_PER_MINUTE/);
  });
});
