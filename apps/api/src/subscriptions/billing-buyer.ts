// The buyer of a bill as it stands now (name, registration and SST numbers, address), copied into the bill
// when it is recorded: a later change of the company's profile does not change an issued bill.
import type { SqlExecutor } from '@binaan/event-store';
import type { BillingBuyer } from './subscriptions.events.js';

export async function buyerOf(db: SqlExecutor, companyId: string): Promise<BillingBuyer> {
  const [company] = await db.query<{ name: string; registration_no: string; details: unknown }>(
    'SELECT name, registration_no, details FROM companies WHERE company_id = $1',
    [companyId],
  );
  const details = (typeof company?.details === 'string' ? JSON.parse(company.details) : (company?.details ?? {})) as {
    sstNo?: unknown;
    address?: Record<string, unknown>;
  };
  const a = details.address;
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
  return {
    companyId,
    name: company?.name ?? companyId,
    registrationNo: company?.registration_no ?? '',
    sstNo: text(details.sstNo) || null,
    // The state is kept as its code (contracts' MalaysianState), as the company's registration has it.
    address: a
      ? [text(a.line1), text(a.line2), [text(a.postcode), text(a.city)].filter(Boolean).join(' '), text(a.state), text(a.country)]
          .filter((part) => part !== '')
          .join(', ') || null
      : null,
  };
}
