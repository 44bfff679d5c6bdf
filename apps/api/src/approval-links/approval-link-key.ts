// The key that signs approval links (APPROVAL_LINK_KEY), kept like the other secrets (common/secrets.ts).
// In production it must be set, the same on every instance: a key made in one host's DATA_DIR would sign
// links that another instance refuses. So there, without it, approval e-mails carry no approve or reject
// links (only the link to open the document) and every link is refused as invalid; the start-up log says so.
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { ApiConfig } from '../config.js';
import { SECRETS, type Secrets } from '../common/secrets.js';
import { API_CONFIG } from '../store/store.tokens.js';

@Injectable()
export class ApprovalLinkKey implements OnApplicationBootstrap {
  private readonly key: string | null;

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(SECRETS) secrets: Secrets,
  ) {
    this.key = config.environment === 'production' && config.approvalLinkKey === undefined ? null : secrets.approvalLinkKey;
  }

  onApplicationBootstrap(): void {
    if (this.key === null)
      new Logger('ApprovalLinks').warn('APPROVAL_LINK_KEY is not set: approval e-mails go without approve and reject links');
  }

  /** The signing key, or null where links are off. */
  current(): string | null {
    return this.key;
  }

  /** A link's identity: 128 random bits. */
  nonce(): string {
    return randomBytes(16).toString('base64url');
  }
}
