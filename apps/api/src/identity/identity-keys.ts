// Seals codes and tokens with the code HMAC key (secrets.ts): what is stored can check a code but not reveal it.

import { seal } from './secret-codes.js';

export class IdentityKeys {
  constructor(readonly codeKey: string) {}

  get tokenKey(): string {
    return this.codeKey;
  }

  sealCode(mobile: string, requestId: string, code: string): string {
    return seal(this.codeKey, mobile, requestId, code);
  }

  sealToken(purpose: 'activation' | 'reset', userId: string, token: string): string {
    return seal(this.codeKey, purpose, userId, token);
  }
}
