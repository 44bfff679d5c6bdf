// Seals and opens the declared personal fields of events with each person's data key (see personal-data.ts).

import { canonicalJson } from '../canonical-json.js';
import type { SqlExecutor } from '../sql/sql-database.js';
import type { JsonObject, JsonValue, StoredEvent } from '../types.js';
import { openBytes, sealBytes } from './field-cipher.js';
import { ERASED, SEALED_PREFIX, type PersonalDataCodec, type PersonalDataDeclarations, type SealableEvent } from './personal-data.js';
import type { PersonalKeyStore } from './sql-key-store.js';

const SUBJECT = /^[A-Za-z0-9_.-]{1,128}$/;
const aad = (subject: string, field: string) => `${subject}:${field}`;

export class FieldPersonalDataCodec implements PersonalDataCodec {
  constructor(private readonly declarations: PersonalDataDeclarations, private readonly keys: PersonalKeyStore) {}

  async seal(streamId: string, events: SealableEvent[]): Promise<JsonValue[] | null> {
    let plain: JsonValue[] | null = null;
    for (let index = 0; index < events.length; index++) {
      const event = events[index]!;
      const declared = this.declarations[event.type];
      if (!declared || !isObject(event.data)) continue;
      const subject = declared.subject(event.data, streamId);
      if (subject === null) continue;
      if (!SUBJECT.test(subject)) throw new Error(`personal data subject "${subject}" of ${event.type} is not an id`);
      const key = await this.keys.dataKey(subject, true);
      const sealed: JsonObject = { ...event.data };
      for (const field of declared.fields) {
        const value = event.data[field];
        if (value === undefined || value === null) continue;
        sealed[field] = key === 'forgotten' || key === null
          ? ERASED
          : `${SEALED_PREFIX}${subject}:${sealBytes(key, Buffer.from(JSON.stringify(value), 'utf8'), aad(subject, field)).toString('base64url')}`;
      }
      plain ??= events.map((each) => each.data);
      event.data = sealed;
      if (event.dataJson !== undefined) event.dataJson = canonicalJson(sealed, 'data');
    }
    return plain;
  }

  async open(events: StoredEvent[], via?: SqlExecutor): Promise<StoredEvent[]> {
    let opened: StoredEvent[] | null = null;
    for (let index = 0; index < events.length; index++) {
      const event = events[index]!;
      const declared = this.declarations[event.type];
      if (!declared || !isObject(event.data)) continue;
      let data: JsonObject | null = null;
      for (const field of declared.fields) {
        const value = event.data[field];
        if (typeof value !== 'string' || !value.startsWith(SEALED_PREFIX)) continue;
        data ??= { ...event.data };
        data[field] = await this.openValue(value, field, via);
      }
      if (!data) continue;
      opened ??= events.slice();
      opened[index] = { ...event, data };
    }
    return opened ?? events;
  }

  private async openValue(value: string, field: string, via: SqlExecutor | undefined): Promise<JsonValue> {
    const colon = value.indexOf(':', SEALED_PREFIX.length);
    const subject = value.slice(SEALED_PREFIX.length, colon);
    const key = await this.keys.dataKey(subject, false, via);
    if (key === null || key === 'forgotten') return ERASED;
    return JSON.parse(openBytes(key, Buffer.from(value.slice(colon + 1), 'base64url'), aad(subject, field)).toString('utf8')) as JsonValue;
  }
}

function isObject(value: JsonValue): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
