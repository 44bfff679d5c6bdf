import { describe, expect, it } from '@jest/globals';
import { storageRefusal, storageUsageOf } from './storage-cap.js';

describe('the storage of a package', () => {
  it("is the package's gigabytes of 1024³ bytes, and warns from 80% used", () => {
    expect(storageUsageOf(10, 0)).toEqual({ limit: 10_737_418_240, used: 0, warning: false });
    expect(storageUsageOf(10, 8_589_934_591).warning).toBe(false);
    expect(storageUsageOf(10, 8_589_934_592).warning).toBe(true);
  });

  it('refuses past it with 409 subscriptionLimit naming the storage cap, in bytes', () => {
    const refused = storageRefusal({ limit: 10_737_418_240, used: 10_737_418_000, warning: true }, 500);
    expect(refused.getStatus()).toBe(409);
    expect(refused.getResponse()).toMatchObject({
      errorCode: 'subscriptionLimit',
      extra: { cap: 'storage', limit: 10_737_418_240, used: 10_737_418_000, adding: 500 },
    });
  });
});
