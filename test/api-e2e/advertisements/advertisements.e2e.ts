// The platform's advertisements over the API: the platform administrator creates one with its 16:9 image
// (the body), edits it, gives it a new image, publishes and withdraws it, each with who, when and why; a 4:3
// image, a file that is no picture, a picture over 5 MB, dates the wrong way round and a link that is not
// https are refused with their codes and record nothing; anyone else is refused (401 without a session, 403
// for a company user). The public list shows only the current ones (published, today within their dates)
// and serves their images with cache headers; a draft, future, expired or withdrawn one's image is not found.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PNG } from 'pngjs';
import request from 'supertest';
import type { AdvertisementRow, PublicAdvertisement } from '@binaan/contracts';
import {
  FEATURE_STORES,
  itAnsweredEveryCallWithoutAServerError,
  startDocumentsApp,
  TEGUH,
  UNKNOWN_ID,
  type Reply,
  type Running,
} from '../documents/harness.js';

const ADMIN = '/api/admin/advertisements';
const PUBLIC = '/api/advertisements';
const DAY = 86_400_000;

/** A PNG of that size, its pixels `shade` (so two images of one size are different files). */
function png(width: number, height: number, shade = 120): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(shade);
  return PNG.sync.write(image);
}
const WIDE = png(320, 180, 40);
const WIDER = png(640, 360, 200);
const FOUR_BY_THREE = png(320, 240);

describe.each(FEATURE_STORES)('advertisements on %s', (kind) => {
  let running: Running | undefined;
  const r = () => running!;
  let admin = '',
    aminah = '';
  let adId = '';
  const today = () => new Date(r().clock.now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  const day = (plus: number) => new Date(r().clock.now.getTime() + 8 * 3_600_000 + plus * DAY).toISOString().slice(0, 10);

  const create = (token: string, bytes: Buffer, details: Record<string, string>, type = 'image/png') =>
    r().api.call('post', `${ADMIN}?${new URLSearchParams(details).toString()}`, {
      token,
      body: bytes,
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'banner.png', 'x-file-type': type },
    });
  const details = (overrides: Record<string, string> = {}) => ({
    title: 'Hari Raya sale on steel bars',
    linkUrl: 'https://steel.example.my/raya',
    validFrom: today(),
    validTo: day(30),
    ...overrides,
  });
  const list = (token: string, filter: object = {}) =>
    r().api.call('get', `${ADMIN}?${new URLSearchParams({ filter: JSON.stringify(filter), range: '[0,49]' }).toString()}`, { token });
  const current = async () => (await r().api.call('get', PUBLIC)).body as PublicAdvertisement[];
  const image = (id: string) =>
    request(r().app.getHttpServer())
      .get(`${PUBLIC}/${id}/image`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  /** A refused image's reply, its JSON body read. */
  const imageRefused = async (id: string) => {
    const reply = await image(id);
    expect({ status: reply.status, code: JSON.parse((reply.body as Buffer).toString('utf8')).errorCode }).toEqual({
      status: 404,
      code: 'advertisementNotFound',
    });
  };
  const action = (id: string, name: 'Publish' | 'Withdraw', reason: string | undefined, token = admin) =>
    r().api.call('post', `${ADMIN}/${id}/actions/${name}`, { token, body: reason === undefined ? {} : { reason } });
  const expectRefused = (reply: Pick<Reply, 'status' | 'body'>, status: number, code: string) =>
    expect({ status: reply.status, code: reply.body.errorCode }).toEqual({ status, code });
  const adEvents = async () =>
    (
      await r().sql.query<{ type: string; data: string | Record<string, unknown>; metadata: string | Record<string, unknown> }>(
        "SELECT type, data, metadata FROM events WHERE stream_type = 'advertisement' ORDER BY global_position",
      )
    ).map((row) => ({
      type: row.type,
      data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
      metadata: typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata,
    }));

  beforeAll(async () => {
    running = await startDocumentsApp(kind);
    admin = await r().signIn('admin@binaan.my', TEGUH);
    aminah = await r().signIn('aminah@teguhbina.my', TEGUH);
  }, 300_000);
  afterAll(async () => running?.stop());

  it('given no session, then every admin route is 401; given a company user, then 403 noAccessRight', async () => {
    expect((await r().api.call('get', ADMIN)).status).toBe(401);
    expect((await create('', WIDE, details())).status).toBe(401);
    expect((await r().api.call('post', `${ADMIN}/${UNKNOWN_ID}/actions/Publish`, { body: { reason: 'x' } })).status).toBe(401);
    expect((await r().api.call('post', `${ADMIN}/${UNKNOWN_ID}/actions/Withdraw`, { body: { reason: 'x' } })).status).toBe(401);
    expect((await r().api.call('put', `${ADMIN}/${UNKNOWN_ID}`, { body: { ...details(), reason: 'x' } })).status).toBe(401);
    expect(
      (
        await r().api.call('post', `${ADMIN}/${UNKNOWN_ID}/image?reason=x`, {
          body: WIDE,
          headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'a.png' },
        })
      ).status,
    ).toBe(401);
    expectRefused(await list(aminah), 403, 'noAccessRight');
    expectRefused(await create(aminah, WIDE, details()), 403, 'noAccessRight');
    expectRefused(
      await r().api.call('put', `${ADMIN}/${UNKNOWN_ID}`, { token: aminah, body: { ...details(), reason: 'x' } }),
      403,
      'noAccessRight',
    );
    expectRefused(
      await r().api.call('post', `${ADMIN}/${UNKNOWN_ID}/image?reason=x`, {
        token: aminah,
        body: WIDE,
        headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'a.png' },
      }),
      403,
      'noAccessRight',
    );
    expectRefused(await action(UNKNOWN_ID, 'Publish', 'x', aminah), 403, 'noAccessRight');
    expectRefused(await action(UNKNOWN_ID, 'Withdraw', 'x', aminah), 403, 'noAccessRight');
    expectRefused(await r().api.call('get', `${ADMIN}/${UNKNOWN_ID}/image`, { token: aminah }), 403, 'noAccessRight');
    expect((await r().api.call('get', `${ADMIN}/${UNKNOWN_ID}/image`)).status).toBe(401);
    expect(await adEvents()).toEqual([]);
  });

  it('given a 4:3 image, then 422 adImageNotSixteenByNine on the image field, and nothing is recorded', async () => {
    const reply = await create(admin, FOUR_BY_THREE, details());
    expectRefused(reply, 422, 'adImageNotSixteenByNine');
    expect(reply.body.fields).toEqual({ image: ['adImageNotSixteenByNine'] });
    expect(await adEvents()).toEqual([]);
  });

  it.each([
    ['a PDF', Buffer.from('%PDF-1.7\n%%EOF\n'), 'application/pdf', 415, 'adImageTypeNotAllowed'],
    ['a PDF sent as a PNG', Buffer.from('%PDF-1.7\n%%EOF\n'), 'image/png', 415, 'attachmentTypeMismatch'],
    ['a PNG cut short (no size in it)', WIDE.subarray(0, 16), 'image/png', 415, 'adImageTypeNotAllowed'],
    ['a picture over 5 MB', Buffer.concat([WIDE, Buffer.alloc(5 * 1024 * 1024)]), 'image/png', 413, 'fileTooLarge'],
  ])('given %s, then %i %s', async (_case, bytes, type, status, code) => {
    expectRefused(await create(admin, bytes, details(), type), status, code);
    expect(await adEvents()).toEqual([]);
  });

  it.each([
    ['validTo before validFrom', { validFrom: '2026-04-10', validTo: '2026-04-09' }, 'validTo', 'adValidToBeforeValidFrom'],
    ['a link that is not https', { linkUrl: 'http://steel.example.my' }, 'linkUrl', 'adLinkNotHttps'],
    ['a javascript: link', { linkUrl: 'javascript:alert(1)' }, 'linkUrl', 'adLinkNotHttps'],
    ['no title', { title: ' ' }, 'title', 'required'],
    ['a date that is none', { validFrom: '2026-02-30' }, 'validFrom', 'invalidDate'],
  ])('given %s, then 400 validationFailed naming %s', async (_case, overrides, field, code) => {
    const reply = await create(admin, WIDE, details(overrides));
    expectRefused(reply, 400, 'validationFailed');
    expect(reply.body.fields[field]).toEqual([code]);
  });

  it('the administrator creates an advertisement with a 16:9 image: a draft in the list, not shown to the public', async () => {
    const reply = await create(admin, WIDE, details());
    expect(reply.status).toBe(201);
    adId = reply.body.advertisementId;
    const rows = (await list(admin)).body as AdvertisementRow[];
    expect(rows.find((row) => row.id === adId)).toMatchObject({
      title: 'Hari Raya sale on steel bars',
      linkUrl: 'https://steel.example.my/raya',
      validFrom: today(),
      validTo: day(30),
      status: 'draft',
      current: false,
      image: { mediaType: 'image/png', size: WIDE.length, width: 320, height: 180 },
    });
    expect((await list(admin, { status: 'published' })).body.some((row: AdvertisementRow) => row.id === adId)).toBe(false);
    expect(await current()).toEqual([]);
    await imageRefused(adId);
    // The administrators' preview shows a draft's image, never kept by a cache.
    const preview = await request(r().app.getHttpServer())
      .get(`${ADMIN}/${adId}/image`)
      .set('authorization', `Bearer ${admin}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect({ status: preview.status, type: preview.headers['content-type'], cache: preview.headers['cache-control'] }).toEqual({
      status: 200,
      type: 'image/png',
      cache: 'private, no-store',
    });
    expect(Buffer.compare(preview.body as Buffer, WIDE)).toBe(0);
    expectRefused(await r().api.call('get', `${ADMIN}/${UNKNOWN_ID}/image`, { token: admin }), 404, 'advertisementNotFound');
  });

  it('publishing needs a reason; published, the public list shows it and its image is served with cache headers', async () => {
    const noReason = await action(adId, 'Publish', undefined);
    expectRefused(noReason, 400, 'validationFailed');
    expect(noReason.body.fields).toEqual({ reason: ['required'] });
    expectRefused(await action(adId, 'Withdraw', 'Not yet'), 409, 'advertisementNotPublished');
    expect((await action(adId, 'Publish', 'Approved by marketing')).status).toBe(200);
    expectRefused(await action(adId, 'Publish', 'Again'), 409, 'advertisementAlreadyPublished');
    const shown = await r().api.call('get', PUBLIC);
    expect(shown.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(shown.body).toEqual([
      {
        id: adId,
        title: 'Hari Raya sale on steel bars',
        linkUrl: 'https://steel.example.my/raya',
        width: 320,
        height: 180,
        imageUrl: expect.stringMatching(new RegExp(`^/api/advertisements/${adId}/image\\?v=\\d+$`)),
      },
    ]);
    const served = await image(adId);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=300');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.body as Buffer, WIDE)).toBe(0);
    expect((await list(admin, { id: adId })).body[0]).toMatchObject({ status: 'published', current: true });
  });

  it('a new image: a 4:3 one is refused, a 16:9 one replaces it with the reason; the public address changes', async () => {
    const before = (await current())[0]!.imageUrl;
    const send = (bytes: Buffer, reason: string) =>
      r().api.call('post', `${ADMIN}/${adId}/image?reason=${encodeURIComponent(reason)}`, {
        token: admin,
        body: bytes,
        headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'new.png', 'x-file-type': 'image/png' },
      });
    expectRefused(await send(FOUR_BY_THREE, 'Sharper'), 422, 'adImageNotSixteenByNine');
    expectRefused(await send(WIDER, ' '), 400, 'validationFailed');
    expect((await send(WIDER, 'Sharper picture')).status).toBe(200);
    expect((await current())[0]!.imageUrl).not.toBe(before);
    expect(Buffer.compare((await image(adId)).body as Buffer, WIDER)).toBe(0);
  });

  it('editing needs a reason and valid details; dates moved into the past take it off the landing page', async () => {
    const edit = (body: Record<string, unknown>) => r().api.call('put', `${ADMIN}/${adId}`, { token: admin, body });
    expectRefused(await edit({ ...details() }), 400, 'validationFailed');
    expect((await edit({ ...details({ validTo: day(-10) }), reason: 'x' })).body.fields).toEqual({ validTo: ['adValidToBeforeValidFrom'] });
    expectRefused(
      await r().api.call('put', `${ADMIN}/${UNKNOWN_ID}`, { token: admin, body: { ...details(), reason: 'x' } }),
      404,
      'advertisementNotFound',
    );
    expect(
      (
        await edit({
          ...details({ title: 'Steel bars: Raya prices', validFrom: day(-30), validTo: day(-1) }),
          reason: 'The campaign ended',
        })
      ).status,
    ).toBe(200);
    expect(await current()).toEqual([]);
    await imageRefused(adId);
    expect((await edit({ ...details({ title: 'Steel bars: Raya prices', linkUrl: '' }), reason: 'Extended' })).status).toBe(200);
    expect(await current()).toEqual([expect.objectContaining({ id: adId, title: 'Steel bars: Raya prices', linkUrl: null })]);
  });

  it('an advertisement published before its first day is shown from that day on', async () => {
    const later = await create(admin, WIDER, details({ title: 'Merdeka offer', validFrom: day(2), validTo: day(5) }));
    expect(later.status).toBe(201);
    const laterId = later.body.advertisementId as string;
    expect((await action(laterId, 'Publish', 'Ready in advance')).status).toBe(200);
    expect((await current()).map((ad) => ad.id)).toEqual([adId]);
    await imageRefused(laterId);
    r().clock.advance(2 * DAY);
    expect((await current()).map((ad) => ad.id)).toEqual([laterId, adId]);
    expect((await image(laterId)).status).toBe(200);
    r().clock.advance(4 * DAY);
    expect((await current()).map((ad) => ad.id)).toEqual([adId]);
    await imageRefused(laterId);
    // Six days on, the session has ended: sign in again.
    admin = await r().signIn('admin@binaan.my', TEGUH);
  });

  it('withdrawn, the advertisement and its image are gone from the public; withdrawing again is refused', async () => {
    expect((await action(adId, 'Withdraw', 'Supplier asked')).status).toBe(200);
    expect(await current()).toEqual([]);
    await imageRefused(adId);
    expectRefused(await action(adId, 'Withdraw', 'Again'), 409, 'advertisementNotPublished');
    expectRefused(await action(UNKNOWN_ID, 'Publish', 'x'), 404, 'advertisementNotFound');
    await imageRefused('not-an-id');
    expect((await list(admin, { id: adId })).body[0]).toMatchObject({ status: 'withdrawn', current: false });
  });

  it('every change is an event saying who, when and why; the image is named by its hash, never kept in the event', async () => {
    const [adminId] = (await r().sql.query<{ user_id: string }>("SELECT user_id FROM identity_users WHERE email = 'admin@binaan.my'")).map(
      (row) => row.user_id,
    );
    const events = (await r().store.readStream(`advertisement-${adId}`)) as unknown as {
      type: string;
      data: Record<string, unknown>;
      metadata: Record<string, unknown>;
    }[];
    expect(events.map((event) => event.type)).toEqual([
      'AdvertisementCreated',
      'AdvertisementPublished',
      'AdvertisementImageReplaced',
      'AdvertisementEdited',
      'AdvertisementEdited',
      'AdvertisementWithdrawn',
    ]);
    for (const event of events) {
      expect(event.data.by).toBe(adminId);
      expect(event.metadata.actorUserId).toBe(adminId);
      expect(typeof event.metadata.recordedAt).toBe('string');
    }
    expect(events.slice(1).map((event) => event.data.reason)).toEqual([
      'Approved by marketing',
      'Sharper picture',
      'The campaign ended',
      'Extended',
      'Supplier asked',
    ]);
    expect(events[0]!.data.image as object).toMatchObject({
      fileId: expect.stringMatching(/^[0-9a-f]{64}$/),
      mediaType: 'image/png',
      width: 320,
      height: 180,
    });
  });

  it('the list sorts by each date it offers, both ways', async () => {
    for (const [field, key] of [
      ['validFrom', 'validFrom'],
      ['validTo', 'validTo'],
      ['createdAt', 'createdAt'],
    ] as const) {
      for (const direction of ['ASC', 'DESC'] as const) {
        const reply = await r().api.call(
          'get',
          `${ADMIN}?${new URLSearchParams({ sort: JSON.stringify([field, direction]), range: '[0,49]' }).toString()}`,
          { token: admin },
        );
        expect(reply.status).toBe(200);
        const values = (reply.body as Record<string, string>[]).map((row) => row[key]!);
        expect(values.length).toBeGreaterThan(1);
        const sorted = [...values].sort();
        expect(values).toEqual(direction === 'ASC' ? sorted : sorted.reverse());
      }
    }
  });

  it('the list refuses a status it does not know', async () => {
    const reply = await list(admin, { status: 'archived' });
    expectRefused(reply, 400, 'validationFailed');
    expect(Object.keys(reply.body.fields)).toContain('filter.status');
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
