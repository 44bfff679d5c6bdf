// "OCR scanning is allowed on a computer only" (spec §5.3). How the server tells: the ui sends its own
// reading of the device in X-Binaan-Device (phone, tablet or computer: layout below 768 px, or a touch
// screen without a fine pointer, or an iPad that calls itself a Mac); browsers send the client hints
// Sec-CH-UA-Mobile and Sec-CH-UA-Platform; and the User-Agent names most phones and tablets. Any one of
// them saying phone or tablet refuses: a rule of the product, not a lock (a client can lie about all three).
type Headers = Record<string, string | string[] | undefined>;

export type Device = 'phone' | 'tablet' | 'computer';

const one = (headers: Headers, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

const TABLET_UA = /iPad|Tablet|Kindle|Silk\/|PlayBook|Nexus (7|9|10)\b|SM-T\d|Android(?!.*Mobile)/i;
const PHONE_UA = /Mobi|iPhone|iPod|Windows Phone|IEMobile|Opera Mini|BlackBerry|webOS/i;

export function deviceOf(headers: Headers): Device {
  const hint = one(headers, 'x-binaan-device').toLowerCase();
  if (hint === 'phone' || hint === 'tablet') return hint;
  if (one(headers, 'sec-ch-ua-mobile') === '?1') return 'phone';
  const platform = one(headers, 'sec-ch-ua-platform').replace(/"/g, '').toLowerCase();
  if (platform === 'android' || platform === 'ios') return 'tablet';
  const agent = one(headers, 'user-agent');
  if (TABLET_UA.test(agent)) return 'tablet';
  if (PHONE_UA.test(agent)) return 'phone';
  return 'computer';
}
