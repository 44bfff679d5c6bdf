import { describe, expect, it } from '@jest/globals';
import { attendanceFromScans } from '../participant.decider.js';
import { parseBatch, scanEventId, scanTime } from './offline-scans.js';

const scan = (time: string, txId: string) => ({ at: `2026-03-02T${time}:00.000Z`, txId, hash: `h-${txId}` });

describe('attendance from scans ordered by scan time', () => {
  it('takes the earliest check-in and the latest check-out after it, in whatever order they arrived', () => {
    const ins = [scan('09:30', 'b'), scan('09:00', 'a'), scan('10:00', 'c')];
    const outs = [scan('12:00', 'x'), scan('08:00', 'early'), scan('11:00', 'y')];
    const forward = attendanceFromScans(ins, outs);
    const backward = attendanceFromScans([...ins].reverse(), [...outs].reverse());
    expect([forward.checkIn?.txId, forward.checkOut?.txId]).toEqual(['a', 'x']);
    expect([backward.checkIn?.txId, backward.checkOut?.txId]).toEqual(['a', 'x']);
  });
  it('keeps no check-out until a check-in at or before it arrives', () => {
    expect(attendanceFromScans([], [scan('12:00', 'x')])).toEqual({ checkIn: null, checkOut: null });
    expect(attendanceFromScans([scan('12:30', 'a')], [scan('12:00', 'x')]).checkOut).toBeNull();
  });
  it('gives ties to the scan recorded first', () => {
    expect(attendanceFromScans([scan('09:00', 'first'), scan('09:00', 'second')], []).checkIn?.txId).toBe('first');
  });
});

describe('a batch from a scanner', () => {
  const good = {
    scanId: '0b5e8f36-3c1e-4d7a-9f3e-1c2d3e4f5a6b',
    direction: 'checkIn',
    code: 'abc',
    scannedAt: '2026-03-02T09:00:00Z',
    deviceId: 'd-1',
  };
  it('names every bad field and scan', () => {
    expect(() => parseBatch({ scans: [good, { ...good, direction: 'up', scannedAt: 'soon' }] })).toThrow(
      expect.objectContaining({
        extra: { fields: { 'scans[1].direction': ['checkIn or checkOut'], 'scans[1].scannedAt': [expect.any(String)] } },
      }),
    );
    expect(parseBatch({ scans: [{ ...good, scanId: good.scanId.toUpperCase() }] })[0]!.scanId).toBe(good.scanId);
  });
  it('makes one event id per event and scan id, a lower-case UUID', () => {
    expect(scanEventId('e1', good.scanId)).toBe(scanEventId('e1', good.scanId.toUpperCase()));
    expect(scanEventId('e1', good.scanId)).not.toBe(scanEventId('e2', good.scanId));
    expect(scanEventId('e1', good.scanId)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
  it('clamps a scan time more than 2 minutes ahead to now, and keeps the rest', () => {
    const now = new Date('2026-03-02T09:00:00Z');
    expect(scanTime('2026-03-02T09:01:59Z', now)).toEqual({ at: new Date('2026-03-02T09:01:59Z'), clamped: false });
    expect(scanTime('2026-03-03T09:00:00Z', now)).toEqual({ at: now, clamped: true });
    expect(scanTime('2025-03-02T09:00:00Z', now).clamped).toBe(false);
  });
});
