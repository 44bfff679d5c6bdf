// The authority and projects suites' application: the documents suites' app (real app, PGlite and
// PostgreSQL, demo data), plus the authority and projects demo data seeded through its own hook.
import { seedAuthorityAndProjectsDemo } from '../../../apps/api/src/projects/authority-projects.demo.js';
import { startDocumentsApp, type Running, type StoreKind } from '../documents/harness.js';

export type AuthorityRunning = Running & { userId(email: string): string };

export async function startAuthorityApp(kind: StoreKind): Promise<AuthorityRunning> {
  const running = await startDocumentsApp(kind);
  const rows = await running.sql.query<{ email: string; user_id: string }>('SELECT email, user_id FROM identity_users');
  const userIds = new Map(rows.map((r) => [r.email, r.user_id]));
  // Once demo-seed.ts calls the hook itself, the demo data already holds the manuals: seed only when missing.
  const [seeded] = await running.sql.query('SELECT 1 FROM authority_manuals LIMIT 1');
  if (!seeded) await seedAuthorityAndProjectsDemo(running.store, { userIds }, () => running.clock.now);
  return { ...running, userId: (email) => userIds.get(email)! };
}
