// The transparency log's events: each signed checkpoint (one stream, so the checkpoints are themselves part
// of the log they sign), and each log key when it first signs.

/** The one stream of checkpoints; revision r is the (r+1)-th checkpoint. */
export const CHECKPOINT_STREAM = 'logCheckpoint';
export const CHECKPOINT_STREAM_TYPE = 'logCheckpoint';
export const logKeyStream = (kid: string) => `logKey-${kid}`;
export const LOG_KEY_STREAM_TYPE = 'logKey';
export const LOG_ACTOR = 'system:transparency-log';

export type LogCheckpointSignedData = {
  treeSize: number;
  /** Hex. */
  rootHash: string;
  origin: string;
  signedAt: string;
  kid: string;
  /** The signed note, byte for byte (checkpoint-note.ts). */
  note: string;
};

export type LogKeyPublishedData = {
  kid: string;
  /** Ed25519 public key, base64url (a JWK's x). */
  publicKey: string;
  /** The signed-note key name (the origin). */
  keyName: string;
  /** The signed-note key id, hex (4 bytes). */
  noteKeyId: string;
  notBefore: string;
};

export const LOG_EVENT_TYPES = ['LogCheckpointSigned', 'LogKeyPublished'] as const;
