// What a company invitation's link is, for the sign-up page (public): the company's name and whether the
// link is still open. The id is a 192-bit random token, so a lookup tells nothing to one who guesses.
import { ErrorCodes } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { refusal } from '../common/refusal.js';

export async function companyInvitation(
  db: SqlExecutor,
  invitationId: string,
): Promise<{ success: true; companyName: string; state: 'open' | 'used' }> {
  const rows = /^[A-Za-z0-9_-]{16,64}$/.test(invitationId)
    ? await db.query<{ name: string; user_id: string | null; status: string }>(
        'SELECT c.name, m.user_id, m.status FROM company_members m JOIN companies c ON c.company_id = m.company_id WHERE m.invitation_id = $1',
        [invitationId],
      )
    : [];
  const found = rows[0];
  if (!found) throw refusal(404, ErrorCodes.notFound, 'No company invitation with this id.');
  return { success: true, companyName: found.name, state: found.user_id === null && found.status === 'pending' ? 'open' : 'used' };
}
