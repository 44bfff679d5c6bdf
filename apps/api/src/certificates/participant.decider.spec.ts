import { describe, expect, it } from '@jest/globals';
import { attendanceVerdict, scanRefusal } from './participant.decider.js';

const at = (time: string) => ({ at: `2026-03-02T${time}:00.000Z` });

describe('scans', () => {
  it('given nothing recorded, a check-in goes through and a check-out is out of order', () => {
    expect(scanRefusal({ checkIn: null, checkOut: null }, 'checkIn')).toBeNull();
    expect(scanRefusal({ checkIn: null, checkOut: null }, 'checkOut')).toBe('notCheckedIn');
  });
  it('given a check-in, a second check-in is a repeat and a check-out goes through', () => {
    const inside = { checkIn: { ...at('09:00'), txId: 't', hash: 'h' }, checkOut: null };
    expect(scanRefusal(inside, 'checkIn')).toBe('alreadyCheckedIn');
    expect(scanRefusal(inside, 'checkOut')).toBeNull();
  });
  it('given a check-out, every further scan is refused as already checked out', () => {
    const left = { checkIn: { ...at('09:00'), txId: 't', hash: 'h' }, checkOut: { ...at('12:00'), txId: 'u', hash: 'i' } };
    expect(scanRefusal(left, 'checkIn')).toBe('alreadyCheckedOut');
    expect(scanRefusal(left, 'checkOut')).toBe('alreadyCheckedOut');
  });
});

describe('attendance rule', () => {
  it('check-in and check-out: both are needed, however short the stay', () => {
    expect(attendanceVerdict({ kind: 'checkInAndOut' }, at('09:00'), at('09:01'))).toEqual({ met: true, reason: null });
    expect(attendanceVerdict({ kind: 'checkInAndOut' }, at('09:00'), null)).toEqual({
      met: false,
      reason: 'the participant never checked out',
    });
    expect(attendanceVerdict({ kind: 'checkInAndOut' }, null, null)).toEqual({ met: false, reason: 'the participant never checked in' });
  });
  it('minimum duration: the stay between check-in and check-out must reach it', () => {
    const rule = { kind: 'minimumDuration', minutes: 120 } as const;
    expect(attendanceVerdict(rule, at('09:00'), at('11:00')).met).toBe(true);
    expect(attendanceVerdict(rule, at('09:00'), at('10:59'))).toEqual({
      met: false,
      reason: 'the participant stayed 119 of the 120 minutes the event requires',
    });
  });
  it('a check-out recorded before the check-in never counts', () => {
    expect(attendanceVerdict({ kind: 'checkInAndOut' }, at('10:00'), at('09:00')).met).toBe(false);
  });
});
