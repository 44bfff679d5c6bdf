// Signs certificates with the instance's key, and records the key's public half in the store the first
// time it signs (so every instance, the JWKS and the offline verifier know it, from its first signature).
// Keys are valid from their publication until the next key's (certificate-signature.ts withValidity).
import { Inject, Injectable } from '@nestjs/common';
import { WrongExpectedRevision, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { READ_MODELS } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { certificateKeyStream } from './certificate.events.js';
import { CERTIFICATE_SIGNING_KEY, type CertificateKeyring } from './certificate-keys.js';
import { signCertificate, withValidity, type PublishedKey, type SignedFields } from './certificate-signature.js';
import { publishedKeys } from './certificates-reads.js';

@Injectable()
export class CertificateSigner {
  private publishedKid: string | null = null;

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

  /** Every published key with its validity period. */
  async keys(): Promise<PublishedKey[]> {
    return withValidity(await publishedKeys(this.db));
  }

  /** A new key is in force from its first signature's issue time (whole seconds, like the QR's). */
  private async ensurePublished(kid: string, publicKey: string, issuedAtSeconds: number): Promise<void> {
    if (this.publishedKid === kid) return;
    const known = await publishedKeys(this.db);
    if (!known.some((k) => k.kid === kid)) {
      const notBefore = new Date(issuedAtSeconds * 1000).toISOString();
      try {
        await this.store.append({
          streamId: certificateKeyStream(kid), streamType: 'certificateKey', expectedRevision: 'no_stream',
          events: [{ type: 'CertificateKeyPublished', data: { kid, publicKey, notBefore }, metadata: { actorUserId: 'system:certificates' } }],
        });
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error; // another instance published it first
      }
    }
    this.publishedKid = kid;
  }
}
