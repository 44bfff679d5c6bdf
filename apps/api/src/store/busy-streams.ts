// The busy streams: documents (every workflow action) and notification feeds. Their events never change a
// session, a user, a company, a role, an authority level or a project, so the in-process caches of those
// (identity/principal-cache.ts, documents/read-cache.ts) keep their entries when only such streams were
// written, here or (as a peer's change notice names the stream types) in another API process.
import { isDocumentResource } from '@binaan/contracts';
import { NOTIFICATIONS_STREAM_TYPE } from '../notifications/notification.events.js';

export const isBusyStream = (streamType: string): boolean => isDocumentResource(streamType) || streamType === NOTIFICATIONS_STREAM_TYPE;

/** Another process's append, from its notice: true unless it named only busy streams (no names: unknown, so true). */
export const peerMayChangeCaches = (peerStreamTypes: readonly string[] | undefined): boolean =>
  peerStreamTypes === undefined || !peerStreamTypes.every(isBusyStream);
