// The auditor bundle (GET /api/audit/bundle): a document's events as stored, with an inclusion proof of each into
// one signed checkpoint of the transparency log. `npm run verify-history -- <bundle>` checks it with only the
// published keys; the audit README writes the format down for anyone building their own verifier.

/** An event exactly as the store holds it (personal fields sealed): what its hash covers, and the hash. */
export type AuditBundleEvent = {
  id: string;
  streamId: string;
  streamType: string;
  revision: number;
  globalPosition: number;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  prevHash: string;
  hash: string;
};

/** Where an event's leaf sits in the log and the audit path from it to the checkpoint's root (hex, leaf side first). */
export type AuditBundleProof = { eventId: string; leafIndex: number; auditPath: string[] };

export const AUDIT_BUNDLE_FORMAT = 'binaan-audit-bundle/1';

export type AuditBundle<Checkpoint = unknown> = {
  format: typeof AUDIT_BUNDLE_FORMAT;
  /** The document the bundle is of. */
  subject: { resource: string; id: string; streamId: string; documentNo: string | null };
  /** When the bundle was made, and where the keys that sign checkpoints are published. */
  madeAt: string;
  keysUrl: string;
  /**
   * `whole`: every event of the stream up to `throughRevision`, none left out (the owner's bundle). `shared`: the
   * events the counterparty company sees; revisions between them belong to the owner and are left out.
   */
  scope: 'whole' | 'shared';
  /** The last revision the checkpoint covers; later events wait for the next checkpoint. */
  throughRevision: number;
  /** Events recorded after the checkpoint, not in this bundle. */
  notYetCheckpointed: number;
  events: AuditBundleEvent[];
  proofs: AuditBundleProof[];
  checkpoint: Checkpoint;
};
