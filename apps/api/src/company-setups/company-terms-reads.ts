// What a member must accept before working in a company: the latest version of its terms published before
// their session began, when they accepted none as recent. A version published during a session applies from
// the next sign-in or company choice (a colleague mid-task is not stopped); the platform administrator, who
// is no member, never accepts a company's terms.
import type { CompanyTermsToAccept } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';

const acceptedUpTo = (company: string, user: string) =>
  `COALESCE((SELECT max(a.version) FROM company_terms_acceptances a WHERE a.company_id = ${company} AND a.user_id = ${user}), 0)`;

/** SQL (boolean) for the session check: `session` is an identity_sessions alias, `userType` the user's type column. */
export const companyTermsPending = (
  session: string,
  userType: string,
) => `CASE WHEN ${session}.company_id IS NULL OR ${userType} = 2 THEN false ELSE EXISTS (
    SELECT 1 FROM company_terms t WHERE t.company_id = ${session}.company_id AND t.published_at <= ${session}.started_at
      AND t.version > ${acceptedUpTo(`${session}.company_id`, `${session}.user_id`)}) END`;

/** The latest version this person has not accepted (nor a later one), for the company choice and the terms page. */
export async function companyTermsToAccept(db: SqlExecutor, companyId: string, userId: string): Promise<CompanyTermsToAccept> {
  const [row] = await db.query<{ version: number; title: string; contents: string; published_at: Date | string }>(
    `SELECT t.version, t.title, t.contents, t.published_at FROM company_terms t
     WHERE t.company_id = $1 AND t.version > ${acceptedUpTo('$1', '$2')} ORDER BY t.version DESC LIMIT 1`,
    [companyId, userId],
  );
  return row
    ? { version: Number(row.version), title: row.title, contents: row.contents, publishedAt: new Date(row.published_at).toISOString() }
    : null;
}
