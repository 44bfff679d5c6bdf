// The auditor bundle of a document, as an auditor meets it: downloaded from the api, checked by
// `npm run verify-history` with only the published keys (and a head published outside Binaan), every kind of
// change to the bundle caught and named, changes made to the store behind its back caught too, and each company
// given only what it may see.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { hashEvent, type StoredEvent } from '@binaan/event-store';
import type { AuditBundle } from '@binaan/contracts';
import { verifyBundle, type BundleCheckName } from '../../../apps/api/src/audit/bundle-verification.js';
import { LogCheckpointer } from '../../../apps/api/src/transparency-log/log-checkpointer.js';
import { logKeysFromJwks } from '../../../apps/api/src/transparency-log/log-jwks.js';
import { newLogSigningKey } from '../../../apps/api/src/transparency-log/log-keys.js';
import type { PublishedLogKey } from '../../../apps/api/src/transparency-log/log-reads.js';
import { FEATURE_STORES, MUTIARA, purchaseOrderBody, SERI, startDocumentsApp, TEGUH, type Running } from '../documents/harness.js';

const REPOSITORY = join(import.meta.dirname, '../../..');
const CLI = join(REPOSITORY, 'apps/api/dist/cli/verify-history.js');
const BASE = '/api/documents/purchaseOrder';
type Bundle = AuditBundle<{ note: string; treeSize: number; rootHash: string }>;

const run = promisify(execFile);
async function verifyHistory(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, [CLI, ...args], { cwd: REPOSITORY });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** One hex digit of `hex` at `index` turned into another. */
const flipHex = (hex: string, index = 0) => hex.slice(0, index) + (hex[index] === '0' ? '1' : '0') + hex.slice(index + 1);

describe.each(FEATURE_STORES)('the auditor bundle of a document on %s', (kind) => {
  const folder = mkdtempSync(join(tmpdir(), 'binaan-bundle-'));
  const headsDir = join(folder, 'heads');
  let running: Running;
  let kumar: string, lim: string, mei: string, seri: string;
  let keys: PublishedLogKey[];
  let jwksFile: string;
  let orderId: string;
  let bundle: Bundle;

  const act = (token: string, id: string, event: string, revision: number, body: Record<string, unknown> = {}) =>
    running.api.call('post', `${BASE}/${id}/actions/${event}`, { token, body, headers: { 'If-Match': String(revision) } });
  const download = (token: string, id: string, query = '') =>
    running.api.call('get', `/api/audit/bundle?resource=purchaseOrder&id=${id}${query}`, { token });
  const checkpoint = async () => {
    const signed = await running.app.get(LogCheckpointer).tick({ force: true });
    expect(signed).not.toBeNull();
    return signed!;
  };
  const failed = (value: unknown) => verifyBundle(value, keys).checks.filter((c) => c.result === 'failed');

  beforeAll(async () => {
    running = await startDocumentsApp(kind, {
      LOG_CHECKPOINT_EVENTS: '1000000',
      LOG_CHECKPOINT_SECONDS: '3600',
      LOG_SIGNING_KEY: newLogSigningKey(),
      LOG_HEADS_DIR: headsDir,
    });
    kumar = await running.signIn('kumar@teguhbina.my', TEGUH);
    lim = await running.signIn('lim@teguhbina.my', TEGUH);
    mei = await running.signIn('mei@mutiarasupplies.my', MUTIARA);
    seri = await running.signIn('aminah@teguhbina.my', SERI);
    const created = await running.api.call('post', BASE, { token: kumar, body: purchaseOrderBody({ counterpartyCompanyId: MUTIARA }) });
    expect(created.status).toBe(201);
    orderId = created.body.id as string;
    expect((await act(kumar, orderId, 'Request_Approve', 1)).status).toBe(200);
    expect((await act(lim, orderId, 'Approve', 2)).status).toBe(200);
    expect((await act(mei, orderId, 'Confirm', 3, { remark: 'Delivery from 10 March' })).status).toBe(200);
  }, 300_000);
  afterAll(async () => {
    await running?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('is refused until a signed checkpoint covers the document, then holds every event with its proof', async () => {
    const before = await download(kumar, orderId);
    expect([before.status, before.body.errorCode]).toContain(409);
    expect(['noCheckpointYet', 'notYetInCheckpoint']).toContain(before.body.errorCode);
    const signed = await checkpoint();
    const reply = await download(kumar, orderId);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-disposition']).toMatch(/^attachment; filename="audit-bundle-[A-Za-z0-9._-]+\.json"$/);
    bundle = reply.body as Bundle;
    expect(bundle).toMatchObject({ format: 'binaan-audit-bundle/1', scope: 'whole', throughRevision: 4, notYetCheckpointed: 0 });
    expect(bundle.checkpoint.treeSize).toBe(signed.treeSize);
    expect(bundle.events.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
    // As stored: the events' own hashes over their content, which is what the store holds.
    const stored = await running.store.readStream(`purchaseOrder-${orderId}`);
    expect(bundle.events.map((e) => e.hash)).toEqual(stored.map((e) => e.hash));
    for (const event of bundle.events) expect(hashEvent(event as unknown as StoredEvent)).toBe(event.hash);
    expect(bundle.proofs.map((p) => p.eventId)).toEqual(bundle.events.map((e) => e.id));
    const jwks = (await running.api.call('get', '/.well-known/jwks.json')).body;
    keys = logKeysFromJwks(jwks);
    expect(keys.length).toBeGreaterThan(0);
    jwksFile = join(folder, 'jwks.json');
    writeFileSync(jwksFile, JSON.stringify(jwks));
  });

  it('verify-history checks it with only the published keys, and against the head published outside Binaan', async () => {
    const file = join(folder, 'bundle.json');
    writeFileSync(file, JSON.stringify(bundle));
    const plain = await verifyHistory(file, '--keys', jwksFile);
    expect(plain.code).toBe(0);
    for (const check of ['format', 'checkpointSignature', 'eventHashes', 'eventOrder', 'chainLinks', 'inclusion'])
      expect(plain.out).toMatch(new RegExp(`${check}\\s+passed`));
    expect(plain.out).toMatch(/publishedHead\s+notApplicable/);
    expect(plain.out).toContain(`VERIFIED: 5 events, each in the signed log of ${bundle.checkpoint.treeSize}`);
    // One file per checkpoint, named by its tree size in 12 digits.
    const head = `${String(bundle.checkpoint.treeSize).padStart(12, '0')}.checkpoint`;
    expect(readdirSync(headsDir)).toContain(head);
    const withHead = await verifyHistory(file, '--keys', jwksFile, '--head', join(headsDir, head));
    expect(withHead.code).toBe(0);
    expect(withHead.out).toMatch(/publishedHead\s+passed/);
    // A later head of another size: the bundle is asked for at the head's size.
    await act(kumar, orderId, 'Fulfil', 5);
    const later = await checkpoint();
    const latest = await verifyHistory(file, '--keys', jwksFile, '--head', join(headsDir, 'latest'));
    expect(latest.code).toBe(1);
    expect(latest.out).toMatch(new RegExp(`publishedHead\\s+failed: .*treeSize=${later.treeSize}`));
    const atHead = await download(kumar, orderId, `&treeSize=${later.treeSize}`);
    expect(atHead.status).toBe(200);
    writeFileSync(file, JSON.stringify(atHead.body));
    expect((await verifyHistory(file, '--keys', jwksFile, '--head', join(headsDir, 'latest'))).code).toBe(0);
    expect((await download(kumar, orderId, `&treeSize=${bundle.checkpoint.treeSize}`)).body.events).toHaveLength(5);
  });

  it('names each change to the bundle: an event, a hash, a proof step, the root, the signature, an event taken out or moved', () => {
    expect(failed(bundle)).toEqual([]);
    const changed = (change: (copy: Bundle) => void): Bundle => {
      // Through JSON, as a file would be (a structured clone's objects come from another realm here).
      const copy = JSON.parse(JSON.stringify(bundle)) as Bundle;
      change(copy);
      return copy;
    };
    const signedLines = (copy: Bundle) => copy.checkpoint.note.split('\n');
    const cases: [string, Bundle, BundleCheckName, RegExp][] = [
      [
        "an event's data",
        changed((c) => ((c.events[2]!.data as Record<string, unknown>).remark = 'changed')),
        'eventHashes',
        /revision 2 .* was changed after it was recorded/,
      ],
      ["an event's metadata", changed((c) => (c.events[1]!.metadata.actorUserId = 'someone-else')), 'eventHashes', /revision 1 /],
      ["an event's hash", changed((c) => (c.events[3]!.hash = flipHex(c.events[3]!.hash, 10))), 'eventHashes', /revision 3 /],
      ['a link', changed((c) => (c.events[4]!.prevHash = flipHex(c.events[4]!.prevHash))), 'eventHashes', /revision 4 /],
      [
        'a proof step',
        changed((c) => (c.proofs[1]!.auditPath[0] = flipHex(c.proofs[1]!.auditPath[0]!, 5))),
        'inclusion',
        /revision 1 .* is not in the checkpoint's tree/,
      ],
      ['a leaf index', changed((c) => (c.proofs[0]!.leafIndex += 1)), 'inclusion', /revision 0 /],
      [
        'the root',
        changed((c) => {
          const lines = signedLines(c);
          lines[2] = Buffer.from(flipHex(Buffer.from(lines[2]!, 'base64').toString('hex')), 'hex').toString('base64');
          c.checkpoint.note = lines.join('\n');
        }),
        'checkpointSignature',
        /does not verify/,
      ],
      [
        'the tree size',
        changed((c) => {
          const lines = signedLines(c);
          lines[1] = String(Number(lines[1]) + 1);
          c.checkpoint.note = lines.join('\n');
        }),
        'checkpointSignature',
        /does not verify/,
      ],
      [
        'the signature',
        changed((c) => {
          const lines = signedLines(c);
          const signature = lines[5]!;
          const at = signature.length - 10;
          lines[5] = signature.slice(0, at) + (signature[at] === 'A' ? 'B' : 'A') + signature.slice(at + 1);
          c.checkpoint.note = lines.join('\n');
        }),
        'checkpointSignature',
        /does not verify/,
      ],
      ['an event taken out', changed((c) => c.events.splice(2, 1)), 'eventOrder', /revision 2 is missing/],
      ['the last event taken out', changed((c) => c.events.pop()), 'eventOrder', /revisions 4 to 4 are missing at the end/],
      [
        'two events swapped',
        changed((c) => ([c.events[1], c.events[2]] = [c.events[2]!, c.events[1]!])),
        'eventOrder',
        /revision 1 .* comes after revision 2: the events are out of order/,
      ],
      ['an event of another stream', changed((c) => (c.events[1]!.streamId = 'purchaseOrder-other')), 'eventHashes', /revision 1 /],
    ];
    for (const [what, tampered, check, detail] of cases) {
      const found = failed(tampered);
      expect({ what, checks: found.map((c) => c.check) }).toEqual({ what, checks: expect.arrayContaining([check]) });
      expect({ what, detail: found.find((c) => c.check === check)!.detail }).toEqual({ what, detail: expect.stringMatching(detail) });
    }
  });

  it('a tampered bundle makes verify-history say NOT VERIFIED with the reason, and exit 1', async () => {
    const copy = JSON.parse(JSON.stringify(bundle)) as Bundle;
    (copy.events[2]!.data as Record<string, unknown>).remark = 'changed';
    const file = join(folder, 'tampered.json');
    writeFileSync(file, JSON.stringify(copy));
    const result = await verifyHistory(file, '--keys', jwksFile);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/eventHashes\s+failed: revision 2 /);
    expect(result.out).toMatch(/NOT VERIFIED: revision 2 .* was changed after it was recorded/);
    expect((await verifyHistory(join(folder, 'missing.json'), '--keys', jwksFile)).code).toBe(2);
  });

  it('catches changes made in the store: content rewritten, then content with its hash and the stream head', async () => {
    const created = await running.api.call('post', BASE, { token: kumar, body: purchaseOrderBody() });
    const id = created.body.id as string;
    await act(kumar, id, 'Request_Approve', 1);
    await checkpoint();
    expect(failed((await download(kumar, id)).body)).toEqual([]);
    const stream = `purchaseOrder-${id}`;
    await running.sql.script(`BEGIN; ALTER TABLE events DISABLE TRIGGER USER;
      UPDATE events SET data = jsonb_set(data::jsonb, '{remark}', '"Approved long ago"')::json WHERE stream_id = '${stream}' AND revision = 2;
      ALTER TABLE events ENABLE TRIGGER USER; COMMIT;`);
    const contentOnly = failed((await download(kumar, id)).body);
    expect(contentOnly.map((c) => c.check)).toContain('eventHashes');
    expect(contentOnly.find((c) => c.check === 'eventHashes')!.detail).toMatch(/revision 2 .* was changed after it was recorded/);
    // Whoever can also recompute the hash and move the stream head makes a chain that adds up, but not a leaf
    // of the signed tree.
    const [last] = (await running.sql.query<{ event_id: string }>(`SELECT event_id FROM events WHERE stream_id = $1 AND revision = 2`, [
      stream,
    ])) as { event_id: string }[];
    const rewritten = (await download(kumar, id)).body as Bundle;
    const event = rewritten.events.find((e) => e.id === last!.event_id)!;
    const hash = hashEvent(event as unknown as StoredEvent);
    await running.sql.script(`BEGIN; ALTER TABLE events DISABLE TRIGGER USER;
      UPDATE events SET hash = '${hash}' WHERE stream_id = '${stream}' AND revision = 2;
      UPDATE streams SET last_hash = '${hash}' WHERE stream_id = '${stream}';
      ALTER TABLE events ENABLE TRIGGER USER; COMMIT;`);
    const rehashed = failed((await download(kumar, id)).body);
    expect(rehashed.map((c) => c.check)).toEqual(['inclusion']);
    expect(rehashed[0]!.detail).toMatch(/revision 2 .* is not in the checkpoint's tree/);
  });

  it('gives the counterparty the steps between the two companies only, and every other company nothing', async () => {
    const reply = await download(mei, orderId);
    expect(reply.status).toBe(200);
    const shared = reply.body as Bundle;
    expect(shared.scope).toBe('shared');
    // What its timeline shows, less the sharing step (its remark is the owner's); drafting and the approval round
    // stay with the owner.
    const timeline = (await running.api.call('get', `${BASE}/${orderId}/history`, { token: mei })).body as { revision: number }[];
    expect(timeline[0]!.revision).toBe(3);
    expect(shared.events.map((e) => e.revision)).toEqual(timeline.slice(1).map((row) => row.revision));
    expect(shared.events.map((e) => e.revision)).toContain(4);
    expect(shared.events.every((e) => e.type === 'WorkflowStatusChanged')).toBe(true);
    expect(failed(shared)).toEqual([]);
    expect((await download(seri, orderId)).status).toBe(404);
    const refused = [
      await running.api.call('get', `/api/audit/bundle?resource=purchaseOrder`, { token: kumar }),
      await download(kumar, orderId, '&treeSize=abc'),
      await download(kumar, orderId, '&treeSize=999999999'),
      await running.api.call('get', `/api/audit/bundle?resource=noSuchKind&id=${orderId}`, { token: kumar }),
      await running.api.call('get', `/api/audit/bundle?resource=purchaseOrder&id=${orderId}`),
    ].map((r) => [r.status, r.body.errorCode ?? null]);
    expect(refused).toEqual([
      [400, 'validationFailed'],
      [400, 'validationFailed'],
      [404, 'checkpointNotFound'],
      [404, 'unknownDocumentResource'],
      [401, expect.anything()],
    ]);
  });
});
