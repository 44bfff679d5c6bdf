// Signs certificates with the instance's key, and records the key's public half in the store the first
// time it signs (so every instance, the JWKS and the offline verifier know it, with the time it started).
// Keys are valid from their publication until the next key's (certificate-signature.ts withValidity).
import { Inject, Injectable } from '@nestjs/common';
import { WrongExpectedRevision, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { CLOCK, READ_MODELS, type Clock } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { certificateKeyStream } from './certificate.events.js';
import { CERTIFICATE_SIGNING_KEY, type SigningKey } from './certificate-keys.js';
import { signCertificate, withValidity, type PublishedKey, type SignedFields } from './certificate-signature.js';
import { publishedKeys } from './certificates-reads.js';

@Injectable()
export class CertificateSigner {
  private published = false;

  constructor(
    @Inject(CERTIFICATE_SIGNING_KEY) private readonly key: SigningKey,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  get kid(): string {
    return this.key.kid;
  }

  /** The QR's fifth value for these fields at `issuedAtSeconds`, with the key published first. */
  async sign(fields: SignedFields, issuedAtSeconds: number): Promise<string> {
    await this.ensurePublished();
    return signCertificate(fields, issuedAtSeconds, this.key.kid, this.key.privateKey);
  }

  /** Every published key with its validity period. */
  async keys(): Promise<PublishedKey[]> {
    return withValidity(await publishedKeys(this.db));
  }

  private async ensurePublished(): Promise<void> {
    if (this.published) return;
    const known = await publishedKeys(this.db);
    if (!known.some((k) => k.kid === this.key.kid)) {
      // Whole seconds, like the issue times the QR carries, so the first certificate falls inside.
      const notBefore = new Date(Math.floor(this.now().getTime() / 1000) * 1000).toISOString();
      try {
        await this.store.append({
          streamId: certificateKeyStream(this.key.kid), streamType: 'certificateKey', expectedRevision: 'no_stream',
          events: [{ type: 'CertificateKeyPublished', data: { kid: this.key.kid, publicKey: this.key.publicKey, notBefore }, metadata: { actorUserId: 'system:certificates' } }],
        });
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error; // another instance published it first
      }
    }
    this.published = true;
  }
}

/** The published keys as a JWK set (RFC 7517), with each key's validity as nbf / exp (epoch seconds). */
export function jwks(keys: readonly PublishedKey[]) {
  return {
    keys: keys.map((k) => ({
      kty: 'OKP', crv: 'Ed25519', x: k.publicKey, kid: k.kid, use: 'sig', alg: 'EdDSA',
      nbf: Math.floor(Date.parse(k.notBefore) / 1000), ...(k.notAfter ? { exp: Math.floor(Date.parse(k.notAfter) / 1000) } : {}),
    })),
  };
}
