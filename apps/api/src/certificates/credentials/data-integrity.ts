// Data Integrity proofs with the eddsa-rdfc-2022 cryptosuite (W3C VC Data Integrity EdDSA Cryptosuites
// v1.0 §3.2): the document without its proof, and the proof's options with the document's @context, are
// each canonicalised (RDFC-1.0 over the JSON-LD, in safe mode, contexts loaded offline), hashed with
// SHA-256, and the Ed25519 signature over hash(proof options) ‖ hash(document) is the proof value, a
// base58btc multibase string. Public keys travel as Multikey (multibase of 0xed01 ‖ the 32 key bytes).
import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import jsonld from 'jsonld';
import { DATA_INTEGRITY_CONTEXT, offlineDocumentLoader, VC_V2_CONTEXT } from './json-ld-contexts.js';

export type DataIntegrityProof = {
  type: 'DataIntegrityProof';
  cryptosuite: 'eddsa-rdfc-2022';
  created: string;
  verificationMethod: string;
  proofPurpose: 'assertionMethod';
  proofValue: string;
};

type Document = { '@context': string[] } & Record<string, unknown>;

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const MULTIKEY_ED25519_PREFIX = Buffer.from([0xed, 0x01]);

export function base58btc(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let text = '';
  while (n > 0n) {
    text = BASE58[Number(n % 58n)] + text;
    n /= 58n;
  }
  return '1'.repeat(zeros) + text;
}

export function fromBase58btc(text: string): Buffer {
  let n = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) throw new Error('not base58btc');
    n = n * 58n + BigInt(digit);
  }
  const hex = n === 0n ? '' : n.toString(16);
  const zeros = /^1*/.exec(text)![0].length;
  return Buffer.concat([Buffer.alloc(zeros), Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex')]);
}

/** An Ed25519 public key (the JWK's x, base64url) as a Multikey publicKeyMultibase. */
export function multikeyOf(publicKeyBase64url: string): string {
  return `z${base58btc(Buffer.concat([MULTIKEY_ED25519_PREFIX, Buffer.from(publicKeyBase64url, 'base64url')]))}`;
}

async function canonicalHash(document: object): Promise<Buffer> {
  const nquads = await jsonld.canonize(document, {
    algorithm: 'RDFC-1.0',
    format: 'application/n-quads',
    documentLoader: offlineDocumentLoader,
    safe: true,
    base: null,
    rdfDirection: 'i18n-datatype',
  });
  return createHash('sha256').update(nquads).digest();
}

/** What is signed: SHA-256 of the canonical proof options, then of the canonical document without proof. */
async function hashData(document: Document, proof: Omit<DataIntegrityProof, 'proofValue'>): Promise<Buffer> {
  const { proof: _ignored, ...unsecured } = document;
  const context = document['@context'];
  const proofContext =
    context.includes(DATA_INTEGRITY_CONTEXT) || context.includes(VC_V2_CONTEXT) ? context : [...context, DATA_INTEGRITY_CONTEXT];
  const [proofHash, documentHash] = await Promise.all([canonicalHash({ '@context': proofContext, ...proof }), canonicalHash(unsecured)]);
  return Buffer.concat([proofHash, documentHash]);
}

/** The document with an eddsa-rdfc-2022 proof by `verificationMethod`, made at `created`. */
export async function addProof<T extends Document>(
  document: T,
  key: { privateKey: KeyObject; verificationMethod: string },
  created: Date,
): Promise<T & { proof: DataIntegrityProof }> {
  const options = {
    type: 'DataIntegrityProof' as const,
    cryptosuite: 'eddsa-rdfc-2022' as const,
    created: `${created.toISOString().slice(0, 19)}Z`,
    verificationMethod: key.verificationMethod,
    proofPurpose: 'assertionMethod' as const,
  };
  const signature = sign(null, await hashData(document, options), key.privateKey);
  return { ...document, proof: { ...options, proofValue: `z${base58btc(signature)}` } };
}

/** Whether the document's proof is an eddsa-rdfc-2022 signature by this Ed25519 public key (base64url x). */
export async function proofVerifies(document: Document & { proof?: DataIntegrityProof }, publicKeyBase64url: string): Promise<boolean> {
  const proof = document.proof;
  if (!proof || proof.cryptosuite !== 'eddsa-rdfc-2022' || !proof.proofValue?.startsWith('z')) return false;
  const { proofValue, ...options } = proof;
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKeyBase64url }, format: 'jwk' });
  try {
    return verify(null, await hashData(document, options), publicKey, fromBase58btc(proofValue.slice(1)));
  } catch {
    return false;
  }
}
