// Signs certificates with the instance's key, and records the key's public half in the store the first
// time it signs (so every instance, the JWKS and the offline verifier know it, from its first signature).
// Keys are valid from their publication until the next key's (certificate-signature.ts withValidity).
// The published keys are kept for KEYS_TTL_MS between reads of cert_keys: they change only when a key is
// published (here, which drops them at once, or on another instance, which a verification naming a key
// not yet known here picks up at once, at most one read a second).
import { Inject, Injectable } from '@nestjs/common';
import { WrongExpectedRevision, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { READ_MODELS } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { certificateKeyStream } from './certificate.events.js';
import { CERTIFICATE_SIGNING_KEY, type CertificateKeyring, type SigningKey } from './certificate-keys.js';
import { signCertificate, withValidity, type PublishedKey, type SignedFields } from './certificate-signature.js';
import { publishedKeys } from './certificates-reads.js';

const KEYS_TTL_MS = 10_000;
const UNKNOWN_KID_REREAD_MS = 1_000;

@Injectable()
export class CertificateSigner {
  private publishedKid: string | null = null;
  private known: { keys: PublishedKey[]; readAt: number } | null = null;
  private reading: Promise<PublishedKey[]> | null = null;

  constructor(
    @Inject(CERTIFICATE_SIGNING_KEY) private readonly keyring: CertificateKeyring,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  /** The key id of the key that signs now. */
  get kid(): string {
    return this.keyring.current().kid;
  }

  /** The QR's fifth value for these fields at `issuedAtSeconds`, with the key published first. */
  async sign(fields: SignedFields, issuedAtSeconds: number): Promise<string> {
    const key = this.keyring.current();
    await this.ensurePublished(key.kid, key.publicKey, issuedAtSeconds);
    return signCertificate(fields, issuedAtSeconds, key.kid, key.privateKey);
  }

  /** The key that signs now, published first (from `at`) if it has not signed yet: for credentials. */
  async publishedKey(at: Date): Promise<SigningKey> {
    const key = this.keyring.current();
    await this.ensurePublished(key.kid, key.publicKey, Math.floor(at.getTime() / 1000));
    return key;
  }

  /** Every published key with its validity period; read again when stale, or when `kid` is not among them. */
  async keys(kid?: string): Promise<PublishedKey[]> {
    const age = this.known ? Date.now() - this.known.readAt : Infinity;
    const missing = kid !== undefined && this.known !== null && !this.known.keys.some((k) => k.kid === kid);
    if (this.known && age < KEYS_TTL_MS && !(missing && age >= UNKNOWN_KID_REREAD_MS)) return this.known.keys;
    // One read at a time: callers arriving meanwhile share it.
    this.reading ??= (async () => {
      try {
        const keys = withValidity(await publishedKeys(this.db));
        this.known = { keys, readAt: Date.now() };
        return keys;
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  /** A new key is in force from its first signature's issue time (whole seconds, like the QR's). */
  private async ensurePublished(kid: string, publicKey: string, issuedAtSeconds: number): Promise<void> {
    if (this.publishedKid === kid) return;
    const known = await publishedKeys(this.db);
    if (!known.some((k) => k.kid === kid)) {
      const notBefore = new Date(issuedAtSeconds * 1000).toISOString();
      try {
        await this.store.append({
          streamId: certificateKeyStream(kid),
          streamType: 'certificateKey',
          expectedRevision: 'no_stream',
          events: [
            { type: 'CertificateKeyPublished', data: { kid, publicKey, notBefore }, metadata: { actorUserId: 'system:certificates' } },
          ],
        });
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error; // another instance published it first
      }
    }
    this.publishedKid = kid;
    this.known = null;
  }
}
