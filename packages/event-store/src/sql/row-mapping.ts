// Rows of the events table as StoredEvents. Each row comes as one JSON text (statements.ts EVENT_JSON):
// [position, revision, recorded-at epoch ms, id, stream id, stream type, type, prev hash, hash, data,
// metadata]. Positions stay far below 2^53, so plain numbers hold them.

import { sealVersionAt } from '../personal-data/personal-data.js';
import type { EventMetadata, JsonValue, StoredEvent } from '../types.js';

export type EventJsonRow = { e: string };

type EventTuple = [number, number, number, string, string, string, string, string, string, JsonValue, Record<string, JsonValue>];

/** Per event of a page: its seal cut out of its data, or null (any seal is still in its data). */
export type SealsApart = (string | null)[];

export function toStoredEvent(row: EventJsonRow): StoredEvent {
  return fromTuple(JSON.parse(row.e) as EventTuple);
}

function fromTuple(t: EventTuple): StoredEvent {
  // The parsed metadata object is this event's own: recordedAt (kept in its own column) is added to it
  // in place, after the stored keys, as the hash chain's canonical form does not care about key order.
  const metadata = t[10] as EventMetadata;
  metadata.recordedAt = isoTime(t[2]);
  return {
    id: t[3],
    streamId: t[4],
    streamType: t[5],
    revision: t[1],
    globalPosition: t[0],
    type: t[6],
    data: t[9],
    metadata,
    prevHash: t[7],
    hash: t[8],
  };
}

/**
 * A page of the log read in the fast row format (statements.ts EVENT_JSON_FAST), or, when a row edited by
 * hand does not parse in it, the same page again in the safe format. `chunked`: the fast rows each hold a
 * JSON array of events (READ_ALL_SERIAL_CHUNKED); a chunk too large for the database (events of many
 * megabytes) also falls back to the safe format, one event per row: so never inside a transaction,
 * which the failed statement would abort.
 */
export async function readLogPage(
  read: (format: 'fast' | 'safe') => Promise<EventJsonRow[]>,
  chunked = false,
  seals?: SealsApart,
): Promise<StoredEvent[]> {
  try {
    const rows = await read('fast');
    if (seals === undefined || chunked)
      return chunked ? rows.flatMap((row) => (JSON.parse(row.e) as EventTuple[]).map(fromTuple)) : rows.map(toStoredEvent);
    const events = new Array<StoredEvent>(rows.length);
    for (let index = 0; index < rows.length; index++) events[index] = withSealApart(rows[index]!.e, seals);
    return events;
  } catch (error) {
    if (!chunked && !(error instanceof SyntaxError)) throw error;
    // The safe form keeps each seal in its data, where the codec finds it.
    if (seals) seals.length = 0;
    return (await read('safe')).map(toStoredEvent);
  }
}

/** The data's first key when it is sealed: SEALED_FIELD sorts before every lower-case key in canonical JSON. */
const SEAL_KEY = '"_sealed":"pd';

/** Whether `text` holds SEAL_KEY at `at` (a loop of char codes: `startsWith` with a position cost far more). */
function sealKeyAt(text: string, at: number): boolean {
  for (let k = 0; k < SEAL_KEY.length; k++) if (text.charCodeAt(at + k) !== SEAL_KEY.charCodeAt(k)) return false;
  return true;
}

/**
 * A row (EVENT_JSON_FAST) as a StoredEvent with the data's seal cut out of the text before parsing, the
 * seal pushed to `seals`: the codec then writes the opened values into the parsed data in place. Taking
 * the key out of the parsed object (delete) turns it into a slow dictionary, and copying the object
 * without it was most of what opening cost a replay. The data is found as the row's first object (a
 * search for the seal's whole key across the row cost a quarter of the row's parse, and ran through every
 * row without one); only a seal that is that object's first key, right after the event's own hash, without
 * an escape in it, is cut. Otherwise the event is parsed whole and its seal, if any, left in its data (null),
 * where the codec looks for it.
 */
function withSealApart(text: string, seals: SealsApart): StoredEvent {
  const brace = text.indexOf('{');
  if (brace > 66 && text.charCodeAt(brace - 1) === 0x2c && sealKeyAt(text, brace + 1)) {
    // `at`: the comma before the data; the seal's text starts at its "pd".
    const at = brace - 1;
    const sealStart = brace + SEAL_KEY.length - 1;
    const sealEnd = text.indexOf('"', sealStart);
    // A seal's prefix ("pd1:" to "pd3:"), as the codec checks it; a field that merely begins "pd" stays data.
    const prefixed = sealVersionAt(text, sealStart) !== 0;
    const escape = text.indexOf('\\', sealStart);
    if (prefixed && sealEnd > sealStart && (escape < 0 || escape > sealEnd)) {
      // `"_sealed":"…"` and the comma after it (or nothing else: the data was only the seal).
      const rest = text.charCodeAt(sealEnd + 1) === 0x2c ? sealEnd + 2 : sealEnd + 1;
      const event = fromTuple(JSON.parse(text.slice(0, at + 2) + text.slice(rest)) as EventTuple);
      // The cut was the data's own first key: the event's hash, then the data (`,"<hash>",{`).
      // (indexOf from that place, not startsWith with a position: a quarter of the whole row's parse slower.)
      if (
        text.charCodeAt(at - 1) === 0x22 &&
        text.charCodeAt(at - 66) === 0x22 &&
        event.hash.length === 64 &&
        text.indexOf(event.hash, at - 65) === at - 65
      ) {
        seals.push(text.slice(sealStart, sealEnd));
        return event;
      }
    }
  }
  // Left in its data (or none): the codec looks there, and leaves a field that is not a seal alone.
  seals.push(null);
  return fromTuple(JSON.parse(text) as EventTuple);
}

const DAY_MS = 86_400_000;
/** Date.prototype.toISOString's range of 4-digit years (0000-01-01 to 9999-12-31). */
const FOUR_DIGIT_YEARS = [-62_167_219_200_000, 253_402_300_799_999] as const;
let cachedDay = NaN;
let cachedDayPrefix = '';

/**
 * new Date(ms).toISOString(), without a Date per event: the date part is kept for the day (a replay
 * meets the same day many times over), the time of day is written with arithmetic. It was a quarter of
 * the cost of reading an event. Held equal to toISOString by a spec.
 */
export function isoTime(ms: number): string {
  if (!Number.isInteger(ms) || ms < FOUR_DIGIT_YEARS[0] || ms > FOUR_DIGIT_YEARS[1]) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    cachedDayPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    cachedDay = day;
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${cachedDayPrefix}${hours < 10 ? '0' : ''}${hours}:${minutes < 10 ? '0' : ''}${minutes}:${seconds < 10 ? '0' : ''}${seconds}.${millis < 100 ? (millis < 10 ? '00' : '0') : ''}${millis}Z`;
}
