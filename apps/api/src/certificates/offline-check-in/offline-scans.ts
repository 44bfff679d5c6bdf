// The pure part of the offline scanner's batch: reading a batch, the event id a scan is recorded under
// (so a scan sent twice is one event), the clamp on a device's clock, and what a recorded scan meant once
// merged with every other scan of the participant. Nothing here reads a store.
import { createHash } from 'node:crypto';
import type { FailedScanReason, QueuedScan, ScanResult } from '@binaan/contracts';
import { invalidFields } from '../../common/refusal.js';
import type { Participant } from '../participant.decider.js';
import { isUuid } from '../../common/uuid.js';

/** Most scans one batch carries; a scanner sends its queue in batches of this many. */
export const MAX_BATCH = 200;
/** A device's scan time may be this far ahead of the server's before it is clamped (clocks drift). */
export const CLOCK_SKEW_MS = 2 * 60_000;

const DEVICE = /^[A-Za-z0-9_-]{1,100}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The batch, or 400 validationFailed naming every bad field (nothing is recorded then). */
export function parseBatch(body: unknown): QueuedScan[] {
  const scans = (body as { scans?: unknown } | null)?.scans;
  if (!Array.isArray(scans) || scans.length === 0 || scans.length > MAX_BATCH)
    throw invalidFields({ scans: [`a list of 1 to ${MAX_BATCH} scans`] });
  const fields: Record<string, string[]> = {};
  const parsed = scans.map((raw: unknown, index) => {
    const item = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const bad = (field: string, problem: string) => (fields[`scans[${index}].${field}`] = [problem]);
    const { scanId, direction, code, scannedAt, deviceId } = item;
    if (typeof scanId !== 'string' || !isUuid(scanId.toLowerCase())) bad('scanId', 'a UUID made on the device');
    if (direction !== 'checkIn' && direction !== 'checkOut') bad('direction', 'checkIn or checkOut');
    if (typeof code !== 'string' || code.trim().length === 0 || code.length > 300) bad('code', 'required, at most 300 characters');
    if (typeof scannedAt !== 'string' || !ISO_TIME.test(scannedAt) || !Number.isFinite(Date.parse(scannedAt)))
      bad('scannedAt', 'an ISO 8601 date-time with its offset');
    if (typeof deviceId !== 'string' || !DEVICE.test(deviceId)) bad('deviceId', '1 to 100 letters, digits, - or _');
    return { scanId: String(scanId).toLowerCase(), direction, code: String(code).trim(), scannedAt, deviceId } as QueuedScan;
  });
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
  return parsed;
}

/** The event id a scan is recorded under: the same scan id at the same event is always the same event. */
export function scanEventId(articleId: string, scanId: string): string {
  const hex = createHash('sha256').update(`event-scan:${articleId}:${scanId.toLowerCase()}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** When the scan counts as made: the device's time, unless it is ahead of the server's (then now). */
export function scanTime(scannedAt: string, now: Date): { at: Date; clamped: boolean } {
  const at = new Date(Date.parse(scannedAt));
  return at.getTime() > now.getTime() + CLOCK_SKEW_MS ? { at: now, clamped: true } : { at, clamped: false };
}

/** What a recorded scan meant once merged with every scan of the participant (ordered by scan time). */
export function mergedResult(
  after: Participant,
  txId: string,
  direction: 'checkIn' | 'checkOut',
  at: string,
): ScanResult | FailedScanReason {
  if (direction === 'checkIn') return after.checkIn?.txId === txId ? 'checkedIn' : 'alreadyCheckedIn';
  if (after.checkOut?.txId === txId) return 'checkedOut';
  return !after.checkIn || Date.parse(at) < Date.parse(after.checkIn.at) ? 'notCheckedIn' : 'alreadyCheckedOut';
}
