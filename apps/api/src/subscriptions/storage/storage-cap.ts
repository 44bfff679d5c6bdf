// §9's storage per package (pure): the package's figure in bytes, the company's use of it with the 80%
// warning, and the refusal of an upload past it. A gigabyte is 1024³ bytes, as the files context counts
// its own limits (50 MB a file, 1 GB a company's documents).
import { ErrorCodes, type StorageUsage } from '@binaan/contracts';
import { refusal } from '../../common/refusal.js';
import { WARNING_SHARE } from '../../tendering/allowance/invitation-allowance.js';

export const GIGABYTE = 1024 ** 3;

export function storageUsageOf(limitGb: number, used: number): StorageUsage {
  const limit = limitGb * GIGABYTE;
  return { limit, used, warning: used >= limit * WARNING_SHARE };
}

const gigabytes = (bytes: number) => `${(bytes / GIGABYTE).toFixed(bytes % GIGABYTE === 0 ? 0 : 2)} GB`;

/** 409 subscriptionLimit naming the storage cap: what the package allows, what is stored, what the upload adds (bytes). */
export function storageRefusal(usage: StorageUsage, adding: number) {
  return refusal(
    409,
    ErrorCodes.subscriptionLimit,
    `This file would pass the package's storage: ${gigabytes(usage.used)} of ${gigabytes(usage.limit)} used, this one ${adding} bytes. Remove files or take a larger package.`,
    { cap: 'storage', limit: usage.limit, used: usage.used, adding },
  );
}
