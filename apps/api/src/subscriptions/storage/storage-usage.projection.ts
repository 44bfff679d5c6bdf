// The bytes each company stores (§9's storage per package), kept as a running total so that an upload's
// check reads one row: `company_storage` (company id → bytes used) and `stored_files` (each file counted now,
// by what names it, with its size and company: a removal or a new version finds what it releases in one
// row). Fed in the append's transaction by the events that keep and release files: a company's documents
// (the current version of each kept one), a seller's quotation files, and the files on a tender's query
// board (the asker's on its question, the buyer's on its answer; the company is the event's actor's).
import type { Projection, SqlExecutor, StoredEvent } from '@binaan/event-store';
import type { CompanyFileRemoved, CompanyFileReplaced, CompanyFileUploaded } from '../../company-files/company-files.events.js';
import type { QuotationFileAttached, QuotationFileRemoved } from '../../tendering/attachments/quotation-files.events.js';
import type { TenderQueryFileAttached, TenderQueryFileRemoved } from '../../tendering/queries/query-files.events.js';

export const STORAGE_EVENT_TYPES = [
  'CompanyFileUploaded',
  'CompanyFileReplaced',
  'CompanyFileRemoved',
  'QuotationFileAttached',
  'QuotationFileRemoved',
  'TenderQueryFileAttached',
  'TenderQueryFileRemoved',
] as const;

const companyFileKey = (documentId: string) => `companyFile:${documentId}`;
const quotationFileKey = (tenderId: string, sellerCompanyId: string, attachmentId: string) =>
  `quotationFile:${tenderId}:${sellerCompanyId}:${attachmentId}`;
const queryFileKey = (tenderId: string, attachmentId: string) => `queryFile:${tenderId}:${attachmentId}`;

async function add(db: SqlExecutor, companyId: string, bytes: number): Promise<void> {
  if (bytes === 0) return;
  await db.query(
    `INSERT INTO company_storage (company_id, used_bytes) VALUES ($1, $2)
     ON CONFLICT (company_id) DO UPDATE SET used_bytes = company_storage.used_bytes + EXCLUDED.used_bytes`,
    [companyId, bytes],
  );
}

/** Counts a file once (a replayed event finds its row and adds nothing). */
async function keep(db: SqlExecutor, key: string, companyId: string, size: number): Promise<void> {
  const inserted = await db.query(
    'INSERT INTO stored_files (file_key, company_id, size) VALUES ($1, $2, $3) ON CONFLICT (file_key) DO NOTHING RETURNING file_key',
    [key, companyId, size],
  );
  if (inserted.length > 0) await add(db, companyId, size);
}

/** A new version in the file's place: the total moves by the difference. */
async function swap(db: SqlExecutor, key: string, companyId: string, size: number): Promise<void> {
  const [old] = await db.query<{ size: string | number }>('SELECT size FROM stored_files WHERE file_key = $1', [key]);
  if (!old) return keep(db, key, companyId, size);
  await db.query('UPDATE stored_files SET size = $2 WHERE file_key = $1', [key, size]);
  await add(db, companyId, size - Number(old.size));
}

async function release(db: SqlExecutor, key: string): Promise<void> {
  const [gone] = await db.query<{ company_id: string; size: string | number }>(
    'DELETE FROM stored_files WHERE file_key = $1 RETURNING company_id, size',
    [key],
  );
  if (gone) await add(db, gone.company_id, -Number(gone.size));
}

export const storageUsageProjection: Projection = {
  name: 'storageUsage',
  eventTypes: STORAGE_EVENT_TYPES,
  tables: ['company_storage', 'stored_files'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS company_storage (company_id text PRIMARY KEY, used_bytes bigint NOT NULL);
    CREATE TABLE IF NOT EXISTS stored_files (file_key text PRIMARY KEY, company_id text NOT NULL, size bigint NOT NULL);`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      switch (stored.type) {
        case 'CompanyFileUploaded': {
          const d = stored.data as unknown as CompanyFileUploaded;
          await keep(db, companyFileKey(d.documentId), d.companyId, d.file.size);
          break;
        }
        case 'CompanyFileReplaced': {
          const d = stored.data as unknown as CompanyFileReplaced;
          await swap(db, companyFileKey(d.documentId), d.companyId, d.file.size);
          break;
        }
        case 'CompanyFileRemoved':
          await release(db, companyFileKey((stored.data as unknown as CompanyFileRemoved).documentId));
          break;
        case 'QuotationFileAttached': {
          const d = stored.data as unknown as QuotationFileAttached;
          await keep(db, quotationFileKey(d.tenderId, d.sellerCompanyId, d.attachmentId), d.sellerCompanyId, d.size);
          break;
        }
        case 'QuotationFileRemoved': {
          const d = stored.data as unknown as QuotationFileRemoved;
          await release(db, quotationFileKey(d.tenderId, d.sellerCompanyId, d.attachmentId));
          break;
        }
        case 'TenderQueryFileAttached': {
          const d = stored.data as unknown as TenderQueryFileAttached;
          const companyId = stored.metadata.actorCompanyId;
          if (companyId) await keep(db, queryFileKey(d.tenderId, d.attachmentId), companyId, d.size);
          break;
        }
        case 'TenderQueryFileRemoved': {
          const d = stored.data as unknown as TenderQueryFileRemoved;
          await release(db, queryFileKey(d.tenderId, d.attachmentId));
          break;
        }
      }
    }
  },
};
