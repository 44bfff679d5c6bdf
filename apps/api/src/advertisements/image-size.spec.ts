// The image size reader: PNG, JPEG and WebP sizes read from their bytes; anything else or cut short is null.
import { describe, expect, it } from '@jest/globals';
import { isSixteenByNine } from '@binaan/contracts';
import { PNG } from 'pngjs';
import { imageSize } from './image-size.js';

const png = (width: number, height: number) => PNG.sync.write(new PNG({ width, height }));

/** A JPEG's start: SOI, an APP0 segment, a DQT-like segment, then a baseline (or progressive) frame header. */
function jpeg(width: number, height: number, frame = 0xc0): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const dqt = Buffer.concat([Buffer.from([0xff, 0xdb, 0x00, 0x43, 0x00]), Buffer.alloc(64, 1)]);
  const sof = Buffer.from([
    0xff,
    frame,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, dqt, sof, Buffer.from([0xff, 0xd9])]);
}

function riff(chunk: string, payload: Buffer): Buffer {
  const body = Buffer.concat([
    Buffer.from('WEBP'),
    Buffer.from(chunk, 'latin1'),
    Buffer.from([payload.length & 0xff, (payload.length >> 8) & 0xff, 0, 0]),
    payload,
  ]);
  const head = Buffer.from('RIFF');
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([head, size, body]);
}
const vp8x = (width: number, height: number) => {
  const payload = Buffer.alloc(10);
  payload.writeUIntLE(width - 1, 4, 3);
  payload.writeUIntLE(height - 1, 7, 3);
  return riff('VP8X', payload);
};
const vp8l = (width: number, height: number) => {
  const payload = Buffer.alloc(10);
  payload[0] = 0x2f;
  payload.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 1);
  return riff('VP8L', payload);
};
const vp8 = (width: number, height: number) => {
  const payload = Buffer.alloc(10);
  payload.set([0x9d, 0x01, 0x2a], 3);
  payload.writeUInt16LE(width, 6);
  payload.writeUInt16LE(height, 8);
  return riff('VP8 ', payload);
};

describe('the size of an image read from its bytes', () => {
  it.each([
    ['a PNG', png(160, 90), 'image/png', 160, 90],
    ['a baseline JPEG', jpeg(1920, 1080), 'image/jpeg', 1920, 1080],
    ['a progressive JPEG', jpeg(1280, 960, 0xc2), 'image/jpeg', 1280, 960],
    ['an extended WebP (VP8X)', vp8x(1600, 900), 'image/webp', 1600, 900],
    ['a lossless WebP (VP8L)', vp8l(3200, 1800), 'image/webp', 3200, 1800],
    ['a lossy WebP (VP8)', vp8(640, 360), 'image/webp', 640, 360],
  ])('given %s, then its type, width and height', (_kind, bytes, mediaType, width, height) => {
    expect(imageSize(bytes)).toEqual({ mediaType, width, height });
  });

  it.each([
    ['a PDF', Buffer.from('%PDF-1.7\n%%EOF')],
    ['a PNG cut after its signature', png(16, 9).subarray(0, 12)],
    ['a JPEG with no frame header', Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
    ['a JPEG cut inside its segments', jpeg(1920, 1080).subarray(0, 30)],
    ['a RIFF that is not WebP', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(30)])],
    [
      'a PNG of width 0',
      (() => {
        const bytes = png(16, 9);
        bytes.writeUInt32BE(0, 16);
        return bytes;
      })(),
    ],
    ['nothing', Buffer.alloc(0)],
  ])('given %s, then null', (_kind, bytes) => {
    expect(imageSize(bytes)).toBeNull();
  });
});

describe('the 16:9 rule, within 1 %', () => {
  it.each([
    [1920, 1080, true],
    [1280, 720, true],
    [160, 90, true],
    [1280, 727, true],
    [1280, 714, true],
    [1280, 960, false],
    [1000, 1000, false],
    [1280, 740, false],
    [0, 0, false],
  ])('given %i x %i, then %s', (width, height, expected) => {
    expect(isSixteenByNine(width, height)).toBe(expected);
  });
});
