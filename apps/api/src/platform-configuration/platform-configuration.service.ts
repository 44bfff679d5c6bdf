// The platform configuration: every setting's value now (its default until a platform administrator
// changes it), read by anyone signed in and by the contexts that charge or limit (subscriptions, the
// tender-invitation allowance); a change is an event with who, when and why, on one stream whose revision
// makes two administrators' changes one after the other.
import { requireAdminRight } from '../platform-staff/admin-rights.js';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { keysetPage, keysetQuery } from '../common/keyset-page.js';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { CONFIGURATION_STREAM, CONFIGURATION_STREAM_TYPE, type PlatformSettingChanged } from './platform-configuration.events.js';
import { SETTINGS, SETTINGS_BY_KEY, settingValueProblem, type SettingValues } from './platform-settings.js';

const REASON_MAX = 500;
type SettingRow = { key: string; value: string | number | null; changed_at: Date | string; changed_by_name: string | null; reason: string };
type ChangeRow = {
  position: string | number;
  key: string;
  previous: string | number | null;
  value: string | number | null;
  reason: string;
  changed_at: Date | string;
  changed_by_name: string | null;
};
const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

@Injectable()
export class PlatformConfiguration {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  /** Every setting's value now: its last change, else its default. */
  async values(): Promise<SettingValues> {
    const rows = await this.db.query<{ key: string; value: string | number | null }>('SELECT key, value FROM platform_settings');
    const values = new Map<string, number | null>(SETTINGS.map((s) => [s.key, s.defaultValue]));
    for (const row of rows) if (SETTINGS_BY_KEY.has(row.key)) values.set(row.key, numberOrNull(row.value));
    return values;
  }

  /** One setting's value now (a key of SETTINGS). */
  async value(key: string): Promise<number | null> {
    const [row] = await this.db.query<{ value: string | number | null }>('SELECT value FROM platform_settings WHERE key = $1', [key]);
    return row ? numberOrNull(row.value) : (SETTINGS_BY_KEY.get(key)?.defaultValue ?? null);
  }

  /** The settings as the configuration page lists them: value, default, and the last change. */
  async list() {
    const rows = await this.db.query<SettingRow>(
      'SELECT s.key, s.value, s.changed_at, s.reason, u.name AS changed_by_name FROM platform_settings s LEFT JOIN identity_users u ON u.user_id = s.changed_by',
    );
    const changed = new Map(rows.map((row) => [row.key, row]));
    return {
      settings: SETTINGS.map((setting) => {
        const row = changed.get(setting.key);
        return {
          key: setting.key,
          group: setting.group,
          kind: setting.kind,
          value: row ? numberOrNull(row.value) : setting.defaultValue,
          defaultValue: setting.defaultValue,
          unlimitedAllowed: setting.unlimitedAllowed,
          allowedValues: setting.allowedValues ? [...setting.allowedValues] : null,
          changedAt: row ? new Date(row.changed_at).toISOString() : null,
          changedBy: row?.changed_by_name ?? null,
          reason: row?.reason ?? null,
        };
      }),
    };
  }

  /** A setting's changes, newest first, by keyset: `?after=&limit=`. */
  async history(key: string, query: Record<string, unknown>) {
    if (!SETTINGS_BY_KEY.has(key)) throw refusal(404, ErrorCodes.settingNotFound, `There is no setting ${key}.`);
    const { after, limit } = keysetQuery(query);
    const rows = await this.db.query<ChangeRow>(
      `SELECT c.position, c.key, c.previous, c.value, c.reason, c.changed_at, u.name AS changed_by_name
       FROM platform_setting_changes c LEFT JOIN identity_users u ON u.user_id = c.changed_by
       WHERE c.key = $1 ${after ? 'AND c.position < $2' : ''} ORDER BY c.position DESC LIMIT ${limit + 1}`,
      after ? [key, after[1]] : [key],
    );
    return keysetPage(
      rows,
      limit,
      (row) => ({
        key: row.key,
        previous: numberOrNull(row.previous),
        value: numberOrNull(row.value),
        reason: row.reason,
        changedAt: new Date(row.changed_at).toISOString(),
        changedBy: row.changed_by_name,
      }),
      (row) => [row.key, String(row.position)],
    );
  }

  /** `{ value, reason }` by a platform administrator: 400 for a value that does not fit, 409 settingUnchanged for the same value. */
  async change(principal: Principal, key: string, body: unknown) {
    if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    await requireAdminRight(this.db, principal, 'admin.configuration');
    const setting = SETTINGS_BY_KEY.get(key);
    if (!setting) throw refusal(404, ErrorCodes.settingNotFound, `There is no setting ${key}.`);
    const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as { value?: unknown; reason?: unknown };
    const fields: Record<string, string[]> = {};
    const problem = 'value' in input ? settingValueProblem(setting, input.value) : 'required';
    if (problem) fields.value = [problem];
    const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
    if (reason === '') fields.reason = ['required'];
    else if (reason.length > REASON_MAX) fields.reason = ['tooLong'];
    if (Object.keys(fields).length > 0)
      throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
    const value = input.value as number | null;
    const head = await this.store.streamHead(CONFIGURATION_STREAM);
    const previous = await this.value(key);
    if (previous === value) throw refusal(409, ErrorCodes.settingUnchanged, `${key} is ${value === null ? 'unlimited' : value} already.`);
    const event: PlatformSettingChanged = { type: 'PlatformSettingChanged', data: { key, previous, value, reason } };
    await this.store.append({
      streamId: CONFIGURATION_STREAM,
      streamType: CONFIGURATION_STREAM_TYPE,
      expectedRevision: head ? head.revision : 'no_stream',
      events: [{ type: event.type, data: event.data, metadata: { actorUserId: principal.userId } }],
    });
    return { success: true as const, key, previous, value };
  }
}
