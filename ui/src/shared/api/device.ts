// The device the ui runs on, as the api's X-Binaan-Device header says it (apps/api/src/bills-of-quantity/
// IMPORT-EXPORT.md "Computer only"; spec §5.3 "OCR scanning is allowed on a computer only"): phone or
// tablet when the layout is under 768 px, when the screen is touch without a fine pointer, or for an iPad
// that calls itself a Mac; else computer. Read at each call, so turning a tablet or resizing a window counts.
export type Device = 'phone' | 'tablet' | 'computer';

/** What the reading depends on (the browser's, or a test's). */
export type DeviceSignals = {
  /** Layout width in CSS px. */
  width: number;
  /** The primary pointer is coarse (a finger). */
  coarse: boolean;
  /** Some pointer is fine (a mouse or a pen). */
  finePointer: boolean;
  maxTouchPoints: number;
  userAgent: string;
  platform: string;
};

/** Under this layout width the ui counts as a phone or tablet (the api's rule). */
export const COMPUTER_MIN_WIDTH = 768;
const PHONE_UA = /Mobi|iPhone|iPod|Windows Phone|IEMobile|Opera Mini|BlackBerry|webOS/i;
const TABLET_UA = /iPad|Tablet|Kindle|Silk\/|PlayBook|SM-T\d|Android(?!.*Mobile)/i;

export function deviceOf(s: DeviceSignals): Device {
  if (PHONE_UA.test(s.userAgent)) return 'phone';
  if (TABLET_UA.test(s.userAgent)) return 'tablet';
  // An iPad in desktop mode says "Macintosh" but has a touch screen.
  const iPadAsMac = /Mac/.test(s.platform) && s.maxTouchPoints > 1;
  if (iPadAsMac) return 'tablet';
  if (s.width < COMPUTER_MIN_WIDTH) return s.width < 600 ? 'phone' : 'tablet';
  if (s.coarse && !s.finePointer) return 'tablet';
  return 'computer';
}

const query = (q: string) => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(q).matches;

/** This browser's device now. */
export function currentDevice(): Device {
  if (typeof window === 'undefined') return 'computer';
  return deviceOf({
    width: window.innerWidth || document.documentElement.clientWidth || COMPUTER_MIN_WIDTH,
    coarse: query('(pointer: coarse)'),
    finePointer: query('(any-pointer: fine)'),
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    userAgent: navigator.userAgent ?? '',
    platform: navigator.platform ?? '',
  });
}

/** The header every api call carries. */
export const deviceHeader = (): Record<string, string> => ({ 'X-Binaan-Device': currentDevice() });
