import { describe, expect, it } from 'vitest';
import { deviceOf, type DeviceSignals } from './device.js';

const DESKTOP: DeviceSignals = {
  width: 1280,
  coarse: false,
  finePointer: true,
  maxTouchPoints: 0,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
  platform: 'Linux x86_64',
};

describe('the device the api is told (X-Binaan-Device)', () => {
  it('a wide window with a mouse is a computer', () => expect(deviceOf(DESKTOP)).toBe('computer'));
  it('under 768 px is a phone or tablet, whatever the agent', () => {
    expect(deviceOf({ ...DESKTOP, width: 375 })).toBe('phone');
    expect(deviceOf({ ...DESKTOP, width: 700 })).toBe('tablet');
  });
  it('a touch screen without a fine pointer is a tablet', () =>
    expect(deviceOf({ ...DESKTOP, coarse: true, finePointer: false, maxTouchPoints: 5 })).toBe('tablet'));
  it('a touch laptop with a mouse stays a computer', () =>
    expect(deviceOf({ ...DESKTOP, coarse: true, finePointer: true, maxTouchPoints: 10 })).toBe('computer'));
  it('an iPad calling itself a Mac is a tablet', () =>
    expect(
      deviceOf({ ...DESKTOP, platform: 'MacIntel', maxTouchPoints: 5, userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)' }),
    ).toBe('tablet'));
  it('the agent names phones and tablets', () => {
    expect(deviceOf({ ...DESKTOP, userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36' })).toBe('phone');
    expect(deviceOf({ ...DESKTOP, userAgent: 'Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/131.0 Safari/537.36' })).toBe('tablet');
  });
});
