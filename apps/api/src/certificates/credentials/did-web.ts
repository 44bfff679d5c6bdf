// The issuer's identifier, did:web (W3C CCG did:web method): the host (and port, as %3A) of the public
// address, whose DID document is https://<host>/.well-known/did.json. It lists every certificate key ever
// published as a Multikey verification method allowed for assertionMethod, rotated ones too, so a
// credential signed before a rotation still verifies.
import type { PublishedKey } from '../certificate-signature.js';
import { multikeyOf } from './data-integrity.js';

export const DID_CONTEXT = 'https://www.w3.org/ns/did/v1';
export const MULTIKEY_CONTEXT = 'https://w3id.org/security/multikey/v1';

/** did:web:<host>[%3A<port>] for the product's public address (PUBLIC_URL). */
export function didWebOf(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `did:web:${url.hostname}${url.port ? `%3A${url.port}` : ''}`;
}

export const verificationMethodId = (did: string, kid: string) => `${did}#${kid}`;

export function didDocument(did: string, keys: readonly PublishedKey[]) {
  const methods = keys.map((k) => ({
    id: verificationMethodId(did, k.kid),
    type: 'Multikey',
    controller: did,
    publicKeyMultibase: multikeyOf(k.publicKey),
  }));
  return {
    '@context': [DID_CONTEXT, MULTIKEY_CONTEXT],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((m) => m.id),
  };
}
