// The offline scanner's calls over the API, on PGlite and on PostgreSQL: the ticket list a scanner keeps
// (digests, never ticket codes), batches of scans from two devices merged by scan time, a batch sent twice
// (one after the other, and at once) recorded once, a device clock ahead clamped, and the refusals and
// authority of each call.
import { FEATURE_STORES } from '../documents/harness.js';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { QueuedScan, RecordedScan, ScanBatchResult, ScannerTicket } from '@binaan/contracts';
import { itAnsweredEveryCallWithoutAServerError, MUTIARA, startCertificatesApp, TEGUH, type Running } from './harness.js';
import { registerVisitor } from './walk.specs.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(FEATURE_STORES)('offline check-in on %s', (kind) => {
  let running: Running;
  let aminah: string, farid: string, mei: string, kumar: string;
  let articleId = '';
  const tickets: string[] = [];
  const minutesAgo = (minutes: number) => new Date(running.clock.now.getTime() - minutes * 60_000).toISOString();
  const scan = (direction: QueuedScan['direction'], code: string, scannedAt: string, deviceId: string): QueuedScan => ({
    scanId: randomUUID(),
    direction,
    code,
    scannedAt,
    deviceId,
  });
  const send = (token: string, scans: unknown, id = articleId) =>
    running.api.call('post', `/api/article/${id}/scans`, { token, body: { scans } });
  const recorded = async (): Promise<RecordedScan[]> => {
    const reply = await running.api.call('get', `/api/article/${articleId}/scans`, { token: farid });
    expect(reply.status).toBe(200);
    return reply.body.scans;
  };
  const participant = async (name: string) => {
    const reply = await running.api.call('get', `/api/article/${articleId}/attendance`, { token: farid });
    return (reply.body.participants as { name: string; check_in: string; check_out: string }[]).find((p) => p.name === name)!;
  };

  beforeAll(async () => {
    running = await startCertificatesApp(kind);
    aminah = await running.signIn('aminah@teguhbina.my', TEGUH);
    farid = await running.signIn('farid@teguhbina.my', TEGUH);
    kumar = await running.signIn('kumar@teguhbina.my', TEGUH);
    mei = await running.signIn('mei@mutiarasupplies.my', MUTIARA);
    const created = await running.api.call('post', '/api/article', {
      token: aminah,
      body: { title: 'Crane Signals Refresher', location: 'Port Klang', date: '2026-03-02T01:00:00Z' },
    });
    articleId = created.body.data.id;
    expect((await running.api.call('post', `/api/article/${articleId}/publish`, { token: aminah })).status).toBe(200);
    for (const [index, name] of ['Nurul Izzah', 'Tan Wei Ming', 'Ravi Shankar'].entries())
      tickets.push(await registerVisitor(running, articleId, `offline.${index}@example.my`, name));
  }, 300_000);
  afterAll(async () => running?.stop());

  it('a scanner gets every ticket as a digest of its code, with the name and the state so far, never the code', async () => {
    const reply = await running.api.call('get', `/api/article/${articleId}/scanner-tickets`, { token: farid });
    expect(reply.status).toBe(200);
    const list = reply.body.tickets as ScannerTicket[];
    expect(list.map((t) => t.name).sort()).toEqual(['Nurul Izzah', 'Ravi Shankar', 'Tan Wei Ming']);
    for (const ticket of tickets) expect(list.map((t) => t.ticket_digest)).toContain(sha256(ticket));
    for (const ticket of tickets) expect(reply.text).not.toContain(ticket.split('.')[1]);
    expect(reply.body).toMatchObject({ more: false, next: null, published: true, title: 'Crane Signals Refresher' });
    expect(list.every((t) => t.checked_in_at === null && t.checked_out_at === null)).toBe(true);
  });

  it('a batch sent twice is recorded once: the second answer says duplicate with the same records', async () => {
    const batch = [scan('checkIn', tickets[0]!, minutesAgo(50), 'device-a'), scan('checkIn', tickets[1]!, minutesAgo(49), 'device-a')];
    const first = await send(farid, batch);
    expect(first.status).toBe(200);
    expect(first.body.results.map((r: ScanBatchResult) => [r.result, r.duplicate, r.name])).toEqual([
      ['checkedIn', false, 'Nurul Izzah'],
      ['checkedIn', false, 'Tan Wei Ming'],
    ]);
    expect(first.body.inside).toBe(2);
    const again = await send(farid, batch);
    expect(again.status).toBe(200);
    expect(again.body.results.map((r: ScanBatchResult) => r.duplicate)).toEqual([true, true]);
    expect(again.body.results.map((r: ScanBatchResult) => r.tx_id)).toEqual(first.body.results.map((r: ScanBatchResult) => r.tx_id));
    const scans = await recorded();
    expect(scans).toHaveLength(2);
    // The author, the device, and both times are kept.
    expect(scans[0]).toMatchObject({
      scan_id: batch[0]!.scanId,
      device_id: 'device-a',
      scanned_at: batch[0]!.scannedAt,
      direction: 'checkIn',
    });
    expect(scans[0]!.by).toBeTruthy();
    expect(Date.parse(scans[0]!.recorded_at)).toBeGreaterThan(Date.parse(scans[0]!.scanned_at));
  });

  it('the same batch sent from two connections at once is still recorded once', async () => {
    const batch = [scan('checkOut', tickets[1]!, minutesAgo(10), 'device-a')];
    const replies = await Promise.all([send(farid, batch), send(farid, batch), send(farid, batch)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(replies.map((r) => r.body.results[0].tx_id)).size).toBe(1);
    expect(replies.filter((r) => r.body.results[0].duplicate === false)).toHaveLength(1);
    expect((await recorded()).filter((s) => s.scan_id === batch[0]!.scanId)).toHaveLength(1);
  });

  it('two devices scanning one person merge by scan time: every scan kept, the earliest check-in and the latest check-out count', async () => {
    // Device B was offline and scanned Nurul in before device A did; it sends later.
    const b = [scan('checkIn', tickets[0]!, minutesAgo(55), 'device-b'), scan('checkOut', tickets[0]!, minutesAgo(5), 'device-b')];
    const reply = await send(aminah, b);
    expect(reply.body.results.map((r: ScanBatchResult) => r.result)).toEqual(['checkedIn', 'checkedOut']);
    // Ravi scanned out on device B before device A's check-in of him arrives: the check-out waits for it.
    const out = await send(aminah, [scan('checkOut', tickets[2]!, minutesAgo(20), 'device-b')]);
    expect(out.body.results[0].result).toBe('notCheckedIn');
    expect((await participant('Ravi Shankar')).check_out).toBe('0001-01-01T00:00:00.000Z');
    const late = await send(farid, [scan('checkIn', tickets[2]!, minutesAgo(40), 'device-a')]);
    expect(late.body.results[0].result).toBe('checkedIn');
    expect(await participant('Ravi Shankar')).toMatchObject({ check_in: minutesAgo(40), check_out: minutesAgo(20) });
    // A repeated check-in from a second device is recorded as a scan, not refused, and changes nothing.
    const repeat = await send(farid, [scan('checkIn', tickets[0]!, minutesAgo(30), 'device-a')]);
    expect([repeat.status, repeat.body.results[0].result, repeat.body.results[0].duplicate]).toEqual([200, 'alreadyCheckedIn', false]);
    expect(await participant('Nurul Izzah')).toMatchObject({ check_in: minutesAgo(55), check_out: minutesAgo(5) });
    const scans = await recorded();
    expect(scans.filter((s) => s.name === 'Nurul Izzah').map((s) => s.device_id)).toEqual(['device-a', 'device-b', 'device-b', 'device-a']);
    expect(scans).toHaveLength(8);
    // The merged attendance stands behind a certificate.
    const nurul = (await running.api.call('get', `/api/article/${articleId}/scanner-tickets`, { token: farid })).body.tickets.find(
      (t: ScannerTicket) => t.name === 'Nurul Izzah',
    );
    expect(nurul).toMatchObject({ checked_in_at: minutesAgo(55), checked_out_at: minutesAgo(5) });
    const issued = await running.api.call('post', `/api/event-participant/${nurul.registration_id}/certificate/issue`, { token: aminah });
    expect(issued.status).toBe(200);
  });

  it('a scan time ahead of the server is clamped to when it is recorded; unknown tickets are recorded as failed scans', async () => {
    const ahead = scan('checkOut', tickets[2]!, new Date(running.clock.now.getTime() + 86_400_000).toISOString(), 'device-c');
    const unknown = scan('checkIn', 'not-a-ticket', minutesAgo(1), 'device-c');
    const reply = await send(farid, [ahead, unknown]);
    expect(reply.status).toBe(200);
    const [clamped, failed] = reply.body.results as ScanBatchResult[];
    expect(clamped).toMatchObject({ clamped: true, result: 'checkedOut', scanned_at: running.clock.now.toISOString() });
    expect(failed).toMatchObject({ result: 'unknownTicket', registration_id: '-', clamped: false });
    const attendance = await running.api.call('get', `/api/article/${articleId}/attendance`, { token: farid });
    expect(attendance.body.failed_scans.map((f: { tx_id: string }) => f.tx_id)).toContain(failed!.tx_id);
    // Sent again, the failed scan is not recorded twice either.
    await send(farid, [unknown]);
    const again = await running.api.call('get', `/api/article/${articleId}/attendance`, { token: farid });
    expect(again.body.failed_scans_total).toBe(attendance.body.failed_scans_total);
  });

  it('a scan id used again for another ticket records nothing and says so', async () => {
    const first = scan('checkIn', tickets[1]!, minutesAgo(2), 'device-a');
    await send(farid, [first]);
    const before = (await recorded()).length;
    const reused = await send(farid, [{ ...first, code: tickets[2]! }]);
    expect([reused.status, reused.body.results[0].result]).toEqual([200, 'scanIdReused']);
    expect((await recorded()).length).toBe(before);
  });

  it('bad batches are 400 naming the fields, and nothing of them is recorded', async () => {
    const before = (await recorded()).length;
    const good = scan('checkIn', tickets[1]!, minutesAgo(1), 'device-a');
    for (const [body, field] of [
      [undefined, 'scans'],
      [[], 'scans'],
      ['x', 'scans'],
      [Array.from({ length: 201 }, () => good), 'scans'],
      [[{ ...good, scanId: 'one' }], 'scans[0].scanId'],
      [[good, { ...good, scanId: randomUUID(), direction: 'sideways' }], 'scans[1].direction'],
      [[{ ...good, code: '' }], 'scans[0].code'],
      [[{ ...good, scannedAt: 'yesterday' }], 'scans[0].scannedAt'],
      [[{ ...good, scannedAt: '2026-13-45T99:00:00Z' }], 'scans[0].scannedAt'],
      [[{ ...good, deviceId: 'a b' }], 'scans[0].deviceId'],
      [[null], 'scans[0].scanId'],
    ] as const) {
      const reply = await send(farid, body);
      expect([field, reply.status, reply.body.errorCode]).toEqual([field, 400, 'validationFailed']);
      expect(Object.keys(reply.body.fields)).toContain(field);
    }
    expect((await recorded()).length).toBe(before);
    const page = await running.api.call('get', `/api/article/${articleId}/scans?after=abc`, { token: farid });
    expect([page.status, page.body.errorCode]).toEqual([400, 'validationFailed']);
  });

  it('only the organizer company with a scan or manage right reaches the calls; a draft event takes no scans', async () => {
    const paths = [
      ['get', `/api/article/${articleId}/scanner-tickets`],
      ['post', `/api/article/${articleId}/scans`],
      ['get', `/api/article/${articleId}/scans`],
    ] as const;
    const body = { scans: [scan('checkIn', tickets[0]!, minutesAgo(1), 'device-x')] };
    for (const [method, path] of paths) {
      expect((await running.api.call(method, path, { body })).status).toBe(401);
      const noRight = await running.api.call(method, path, { token: kumar, body });
      expect([path, noRight.status, noRight.body.errorCode]).toEqual([path, 403, 'noAccessRight']);
      const otherCompany = await running.api.call(method, path, { token: mei, body });
      expect([path, otherCompany.status, otherCompany.body.errorCode]).toEqual([path, 404, 'articleNotFound']);
    }
    const draft = await running.api.call('post', '/api/article', {
      token: aminah,
      body: { title: 'Draft talk', location: 'Ipoh', date: '2026-04-01T01:00:00Z' },
    });
    const refused = await send(farid, body.scans, draft.body.data.id);
    expect([refused.status, refused.body.errorCode]).toEqual([409, 'articleNotPublished']);
    expect((await running.api.call('post', `/api/article/${'x'.repeat(65)}/scans`, { token: farid, body })).status).toBe(404);
  });

  itAnsweredEveryCallWithoutAServerError(() => running);
});
