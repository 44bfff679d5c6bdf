import { describe, expect, it } from '@jest/globals';
import { readApprovalLink, signApprovalLink, type ApprovalLinkClaims } from './approval-link-token.js';

const KEY = 'k'.repeat(43);
const claims: ApprovalLinkClaims = {
  userId: 'user-1',
  companyId: 'teguh-bina',
  resource: 'purchaseOrder',
  documentId: '0193f0c2-7d1e-7cc1-9a43-2b8f1c1d2e3f',
  revision: 4,
  level: 20,
  action: 'approve',
  expiresAt: 1_800_000_000,
  nonce: 'AAECAwQFBgcICQoLDA0ODw',
};

describe('approval link tokens', () => {
  it('a token signed with the key reads back as its claims', () => {
    expect(readApprovalLink(KEY, signApprovalLink(KEY, claims))).toEqual(claims);
  });

  it('a token signed with another key, with a changed payload or signature, or cut short, reads as nothing', () => {
    const token = signApprovalLink(KEY, claims);
    const [payload, signature] = token.split('.') as [string, string];
    expect(readApprovalLink('x'.repeat(43), token)).toBeNull();
    const changed = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), a: 'reject' })).toString(
      'base64url',
    );
    expect(readApprovalLink(KEY, `${changed}.${signature}`)).toBeNull();
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    expect(readApprovalLink(KEY, `${payload}.${flipped}`)).toBeNull();
    expect(readApprovalLink(KEY, token.slice(0, -2))).toBeNull();
    expect(readApprovalLink(KEY, '')).toBeNull();
    expect(readApprovalLink(KEY, 'not.a-token')).toBeNull();
  });

  it('a well-signed payload that does not name a document kind, an action or a whole revision reads as nothing', () => {
    expect(readApprovalLink(KEY, signApprovalLink(KEY, { ...claims, resource: 'user' as never }))).toBeNull();
    expect(readApprovalLink(KEY, signApprovalLink(KEY, { ...claims, action: 'delete' as never }))).toBeNull();
    expect(readApprovalLink(KEY, signApprovalLink(KEY, { ...claims, revision: 1.5 }))).toBeNull();
  });
});
