// The approve and reject links of an approval e-mail: a token that names who may use it, for what, until
// when, signed with HMAC-SHA256 under the server's APPROVAL_LINK_KEY. Pure: no clock, no store, no Nest.
// `<payload>.<signature>`, both base64url; the payload is JSON with short keys to keep the link short.
// The token is a bearer credential for one action: it is never logged nor stored (events keep its nonce).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isDocumentResource, type DocumentResource } from '@binaan/contracts';

export type ApprovalLinkAction = 'approve' | 'reject';

export type ApprovalLinkClaims = {
  /** The recipient: the link acts as this user, with their authority when it is used. */
  userId: string;
  /** The document's owner company, the company the user acts for. */
  companyId: string;
  resource: DocumentResource;
  documentId: string;
  /** The round: the document's revision of the status change the e-mail was sent for, and the level it asked for. */
  revision: number;
  level: number;
  action: ApprovalLinkAction;
  /** Seconds since the epoch. */
  expiresAt: number;
  /** 128 random bits: the link's identity (its use is recorded under it). */
  nonce: string;
};

type Payload = { v: 1; u: string; c: string; r: string; d: string; rv: number; l: number; a: string; x: number; n: string };

/** Domain separation: a signature made for anything else under the same key never passes here. */
const CONTEXT = 'binaan-approval-link-v1.';

const sign = (key: string, payload: string) =>
  createHmac('sha256', key)
    .update(CONTEXT + payload)
    .digest();

export function signApprovalLink(key: string, claims: ApprovalLinkClaims): string {
  const payload: Payload = {
    v: 1,
    u: claims.userId,
    c: claims.companyId,
    r: claims.resource,
    d: claims.documentId,
    rv: claims.revision,
    l: claims.level,
    a: claims.action,
    x: claims.expiresAt,
    n: claims.nonce,
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${sign(key, encoded).toString('base64url')}`;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 200;
const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The claims of a token signed with this key, or null for anything else (malformed, changed, forged). */
export function readApprovalLink(key: string, token: string): ApprovalLinkClaims | null {
  if (token.length > 2000) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, encoded, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(key, encoded);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: Partial<Payload>;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Partial<Payload>;
  } catch {
    return null;
  }
  if (payload.v !== 1 || !isText(payload.u) || !isText(payload.c) || !isText(payload.d) || !isText(payload.n)) return null;
  if (!isText(payload.r) || !isDocumentResource(payload.r)) return null;
  if (!isWhole(payload.rv) || !isWhole(payload.l) || !isWhole(payload.x)) return null;
  if (payload.a !== 'approve' && payload.a !== 'reject') return null;
  return {
    userId: payload.u,
    companyId: payload.c,
    resource: payload.r,
    documentId: payload.d,
    revision: payload.rv,
    level: payload.l,
    action: payload.a,
    expiresAt: payload.x,
    nonce: payload.n,
  };
}
