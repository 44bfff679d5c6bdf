// §9's storage per package where files are stored: every upload of a company's file (its documents, a
// seller's quotation files, the files on a tender's questions and answers) asks `room` before the bytes
// stream (the upload stops at the room left, so nothing is kept of a file past it) and records its event
// through `within`, which checks the total again and appends one upload at a time per company (in this
// process a queue, on PostgreSQL also an advisory lock for the other API processes): two uploads streaming
// at once cannot both take the last room. The total is one row of `company_storage` (storage-usage.projection.ts).
import { Inject, Injectable } from '@nestjs/common';
import type { SqlDatabase, SqlExecutor } from '@binaan/event-store';
import type { StorageUsage } from '@binaan/contracts';
import { OneAtATime } from '../../common/one-at-a-time.js';
import { READ_MODELS } from '../../common/principal.js';
import { PlatformConfiguration } from '../../platform-configuration/platform-configuration.service.js';
import { packageSettingKey } from '../../platform-configuration/platform-settings.js';
import { SubscriptionStanding } from '../subscription-standing.service.js';
import { storageRefusal, storageUsageOf } from './storage-cap.js';

/** The advisory locks' first key for the storage cap's turns (the second: the company id's hash). */
const STORAGE_CAP_LOCK = 7_310_020;

/** What an upload may take of the package's storage, and its refusal past it. */
export type StorageRoom = { room: number; refuse: (adding: number) => Error };

@Injectable()
export class StorageCap {
  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly configuration: PlatformConfiguration,
    private readonly standing: SubscriptionStanding,
  ) {}

  /** The bytes the company stores of its package's storage, with the 80% warning. */
  async usage(companyId: string): Promise<StorageUsage> {
    // The package the company holds now, as the value caps read it (its running period, else its tier).
    const limitGb = this.configuration.value(packageSettingKey(await this.standing.packageOf(companyId), 'storageGb'));
    const [row] = await this.db.query<{ used_bytes: string | number }>('SELECT used_bytes FROM company_storage WHERE company_id = $1', [
      companyId,
    ]);
    return storageUsageOf(Number(await limitGb), Number(row?.used_bytes ?? 0));
  }

  /** The room left for an upload that takes the place of `freed` bytes (a new version of a file). */
  async room(companyId: string, freed = 0): Promise<StorageRoom> {
    const usage = await this.usage(companyId);
    return { room: Math.max(0, usage.limit - usage.used + freed), refuse: (adding) => storageRefusal(usage, adding - freed) };
  }

  /** Runs `record` (the append that keeps `adding` more bytes for the company) once the storage allows it. */
  async within<T>(companyId: string, adding: number, record: () => Promise<T>): Promise<T> {
    if (adding <= 0) return record();
    return this.turns.run(companyId, async () => {
      const database = this.db as Partial<SqlDatabase>;
      if (database.kind !== 'postgres' || !database.transaction) {
        await this.mustFit(companyId, adding);
        return record();
      }
      return database.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [STORAGE_CAP_LOCK, companyId]);
        await this.mustFit(companyId, adding);
        return record();
      });
    });
  }

  private async mustFit(companyId: string, adding: number): Promise<void> {
    const usage = await this.usage(companyId);
    if (usage.used + adding > usage.limit) throw storageRefusal(usage, adding);
  }

  private readonly turns = new OneAtATime();
}
