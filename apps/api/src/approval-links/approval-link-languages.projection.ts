// approval_link_languages: the language each user last used an approval page in (its `ApprovalLinkUsed`),
// the one language Binaan knows a user by; their next approval e-mails are written in it.
import type { Projection, StoredEvent } from '@binaan/event-store';
import type { ApprovalLinkUsed } from './approval-link.events.js';

export const approvalLinkLanguagesProjection: Projection = {
  name: 'approval-link-languages',
  eventTypes: ['ApprovalLinkUsed'],
  tables: ['approval_link_languages'],
  setupSql: `CREATE TABLE IF NOT EXISTS approval_link_languages (
      user_id text PRIMARY KEY, language text NOT NULL, position bigint NOT NULL)`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      const used = stored.data as unknown as ApprovalLinkUsed;
      if (!used.language) continue;
      await db.query(
        `INSERT INTO approval_link_languages (user_id, language, position) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET language = EXCLUDED.language, position = EXCLUDED.position
         WHERE approval_link_languages.position < EXCLUDED.position`,
        [used.userId, used.language, stored.globalPosition],
      );
    }
  },
};
