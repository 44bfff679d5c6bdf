// The row mapping's shortcuts against what they stand for: isoTime against Date.prototype.toISOString,
// and a page that does not parse in the fast row format read again in the safe one.

import { describe, expect, it } from '@jest/globals';
import { isoTime, readLogPage } from './row-mapping.js';

describe('isoTime', () => {
  it('writes what toISOString writes, across days, years and the ends of the 4-digit range', () => {
    const samples = [
      0, 1, 999, 1000, 59_999, 3_599_999, 86_399_999, 86_400_000, -1, -86_400_001, 951_782_400_000, 1_795_321_948_146, -62_167_219_200_000,
      253_402_300_799_999, 253_402_300_800_000, -62_167_219_200_001, 8.64e15, -8.64e15,
    ];
    let seed = 42;
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      samples.push(Math.round((seed / 2_147_483_648 - 0.3) * 4e12) * (i % 3 === 0 ? 1 : 60));
    }
    for (const ms of samples) expect([ms, isoTime(ms)]).toEqual([ms, new Date(ms).toISOString()]);
  });
});

describe('readLogPage', () => {
  const row = (streamId: string) => ({
    e: `[7,0,0,"00000000-0000-4000-8000-000000000000","${streamId}","test","A","${'0'.repeat(64)}","${'1'.repeat(64)}",{},{}]`,
  });

  it('maps the fast rows when they parse', async () => {
    const formats: string[] = [];
    const events = await readLogPage(async (format) => (formats.push(format), [row('s-1')]));
    expect(formats).toEqual(['fast']);
    expect(events[0]).toMatchObject({ globalPosition: 7, streamId: 's-1', metadata: { recordedAt: '1970-01-01T00:00:00.000Z' } });
  });

  it('reads the page again in the safe format when a row does not parse', async () => {
    const formats: string[] = [];
    const events = await readLogPage(
      async (format) => (formats.push(format), [format === 'fast' ? row('bad\u0001id') : row('bad\\u0001id')]),
    );
    expect(formats).toEqual(['fast', 'safe']);
    expect(events[0]!.streamId).toBe('bad\u0001id');
  });
});

describe('readLogPage, chunked', () => {
  const tuple = (position: number) =>
    `[${position},0,0,"00000000-0000-4000-8000-000000000000","s-1","test","A","${'0'.repeat(64)}","${'1'.repeat(64)}",{"n":${position}},{}]`;

  it('maps the events of every chunk in order', async () => {
    const events = await readLogPage(async () => [{ e: `[${tuple(1)},${tuple(2)}]` }, { e: `[${tuple(64)}]` }], true);
    expect(events.map((e) => [e.globalPosition, e.data])).toEqual([
      [1, { n: 1 }],
      [2, { n: 2 }],
      [64, { n: 64 }],
    ]);
  });

  it('reads the page one event per row when the chunked read fails', async () => {
    const formats: string[] = [];
    const events = await readLogPage(async (format) => {
      formats.push(format);
      if (format === 'fast') throw new Error('invalid memory alloc request size');
      return [{ e: tuple(5) }];
    }, true);
    expect(formats).toEqual(['fast', 'safe']);
    expect(events.map((e) => e.globalPosition)).toEqual([5]);
  });

  it('does not hide a failed unchunked read', async () => {
    await expect(readLogPage(async () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
  });
});

describe('readLogPage, seals apart (a store that seals personal data)', () => {
  const hash = 'a'.repeat(64);
  const row = (data: string, eventHash = hash) => ({
    e: `[9,0,0,"00000000-0000-4000-8000-000000000000","s-1","test","A","${'0'.repeat(64)}","${eventHash}",${data},{"actorUserId":"u"}]`,
  });
  const read = async (data: string, eventHash?: string) => {
    const seals: (string | null)[] = [];
    const [event] = await readLogPage(async () => [row(data, eventHash)], false, seals);
    return { data: event!.data, seal: seals[0], metadata: event!.metadata };
  };

  it("cuts the data's seal out before parsing, the rest of the data and the metadata as they were", async () => {
    expect(await read('{"_sealed":"pd2:farid:email,name:QUJD-_9","name2":"x","role":"site team"}')).toMatchObject({
      data: { name2: 'x', role: 'site team' },
      seal: 'pd2:farid:email,name:QUJD-_9',
      metadata: { actorUserId: 'u' },
    });
    expect(await read('{"_sealed":"pd1:farid:email:QUJD"}')).toMatchObject({ data: {}, seal: 'pd1:farid:email:QUJD' });
    expect(await read('{"_sealed":"pd3:farid:01:QUJD","role":"r"}')).toMatchObject({ data: { role: 'r' }, seal: 'pd3:farid:01:QUJD' });
  });

  it("a seal it must not cut (escaped, nested, not after the event's hash, not the first key), or none: the data parsed whole, null", async () => {
    expect(await read('{"role":"site team"}')).toEqual({ data: { role: 'site team' }, seal: null, metadata: expect.anything() });
    // A key that sorts before the seal's (upper case) leaves it second: in the data, where the codec looks.
    expect(await read('{"Zone":"A","_sealed":"pd2:farid:email:QUJD"}')).toMatchObject({
      data: { Zone: 'A', _sealed: 'pd2:farid:email:QUJD' },
      seal: null,
    });
    expect(await read('{"_sealed":"pdf of the drawings","role":"r"}')).toMatchObject({
      data: { _sealed: 'pdf of the drawings', role: 'r' },
      seal: null,
    });
    expect(await read('{"_sealed":"pd4:farid:email:QUJD","role":"r"}')).toMatchObject({
      data: { _sealed: 'pd4:farid:email:QUJD' },
      seal: null,
    });
    expect(await read('{"_sealed":"pd0:farid:email:QUJD","role":"r"}')).toMatchObject({
      data: { _sealed: 'pd0:farid:email:QUJD' },
      seal: null,
    });
    expect(await read('{"_sealed":"pd2:a\\"b:email:QUJD","role":"r"}')).toMatchObject({
      data: { _sealed: 'pd2:a"b:email:QUJD', role: 'r' },
      seal: null,
    });
    const nested = '{"list":[1,{"_sealed":"pd2:victim:email:QUJD"}],"role":"r"}';
    expect(await read(nested)).toMatchObject({ data: { list: [1, { _sealed: 'pd2:victim:email:QUJD' }], role: 'r' }, seal: null });
    // A 64-character string before a nested object that begins with a seal is not the event's hash.
    const lookalike = `{"a":["${'b'.repeat(64)}",{"_sealed":"pd2:victim:email:QUJD"}]}`;
    expect(await read(lookalike)).toMatchObject({ data: { a: ['b'.repeat(64), { _sealed: 'pd2:victim:email:QUJD' }] }, seal: null });
    // A stream id holding a brace (the data is then not the row's first object): parsed whole.
    const seals: (string | null)[] = [];
    const braced = `[9,0,0,"00000000-0000-4000-8000-000000000000","s-{1},{\\"_sealed\\":\\"pd2:x:email:QUJD\\"}","test","A","${'0'.repeat(64)}","${hash}",{"_sealed":"pd2:farid:email:QUJD","role":"r"},{"actorUserId":"u"}]`;
    const [event] = await readLogPage(async () => [{ e: braced }], false, seals);
    expect(event).toMatchObject({ streamId: 's-{1},{"_sealed":"pd2:x:email:QUJD"}', data: { _sealed: 'pd2:farid:email:QUJD', role: 'r' } });
    expect(seals).toEqual([null]);
  });
});
