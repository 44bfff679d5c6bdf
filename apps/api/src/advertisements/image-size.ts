// An image's width and height read from its own bytes (never from what the sender says): PNG (the IHDR
// chunk), JPEG (the first start-of-frame segment) and WebP (VP8, VP8L or VP8X). Anything else, or bytes cut
// short, is null. Small on purpose: the platform keeps no image library, and these three headers are fixed.

export type ImageSize = { mediaType: 'image/png' | 'image/jpeg' | 'image/webp'; width: number; height: number };

const starts = (bytes: Buffer, ...signature: number[]) => bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

function png(bytes: Buffer): ImageSize | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { mediaType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT (C4), JPG (C8), DAC (CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(bytes: Buffer): ImageSize | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // no length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or the scan before any frame
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (SOF.has(marker)) {
      if (at + 9 > bytes.length) return null;
      return { mediaType: 'image/jpeg', height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

function webp(bytes: Buffer): ImageSize | null {
  if (bytes.length < 30) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    if (!(bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a)) return null;
    return { mediaType: 'image/webp', width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { mediaType: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { mediaType: 'image/webp', width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return null;
}

/** The image's type and size from its bytes; null when it is not a PNG, JPEG or WebP whose size can be read. */
export function imageSize(bytes: Buffer): ImageSize | null {
  let size: ImageSize | null = null;
  if (starts(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) size = png(bytes);
  else if (starts(bytes, 0xff, 0xd8, 0xff)) size = jpeg(bytes);
  else if (starts(bytes, 0x52, 0x49, 0x46, 0x46) && bytes.length >= 12 && bytes.toString('latin1', 8, 12) === 'WEBP') size = webp(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}
