// Personal data in events: which fields of which event types belong to a person, and the codec that seals
// them before they are stored and opens them for readers. Sealing happens before the hash chain is made,
// so chains and signatures cover the stored (sealed) bytes and verify before and after a person is
// forgotten ("crypto-shredding": forgetting destroys the person's key, the events stay as they are).

import type { JsonObject, JsonValue, StoredEvent } from '../types.js';
import type { SqlExecutor } from '../sql/sql-database.js';
import type { PersonalKeyStore } from './sql-key-store.js';

/** What a reader sees in a personal field whose owner has been forgotten. The UI translates it. */
export const ERASED = '[erased]';

/**
 * An event's personal fields are taken out of its data and sealed together (one encryption per event)
 * into this one field: "pd3:<subject id>:<field positions>:<base64url of siv | ciphertext>", the
 * ciphertext of a JSON array of the values in the declaration's order, sealed deterministically
 * (field-cipher.ts sealBytesSiv: the same values of one person seal to the same bytes). The field
 * positions are each sealed field's place in its event type's declared `fields`, one character each
 * (0-9, then a-z), so "01" for the first two: the names themselves were a third of what sealing added to
 * a row, and the seal's associated data binds the names they stand for, so a seal read
 * against a declaration whose order has changed refuses to open rather than name a value wrongly (hence
 * the rule on `PersonalFields.fields`). Seals written before still open: "pd2:" (the names written out,
 * AES-GCM with a synthetic IV) and "pd1:" (a JSON object of the values, a random IV, the data key itself).
 * The names or positions stay readable (they are not personal), so a forgotten person's fields read as ERASED.
 */
export const SEALED_FIELD = '_sealed';
/** The prefix of the seals written now. */
export const SEALED_PREFIX = 'pd3:';
/** Every prefix a stored seal may have (what readers and searches of the stored form accept). */
export const SEALED_PREFIXES = ['pd1:', 'pd2:', 'pd3:'] as const;
/** Every prefix's length ("pd1:" to "pd3:"): the seal's subject starts after it. */
export const SEALED_PREFIX_LENGTH = 4;
/** The version of the seal prefix ("pd1:" to "pd3:", SEALED_PREFIXES) at `at` in `text`, or 0 where there is none (by char codes: a replay asks for every row). */
export function sealVersionAt(text: string, at: number): 0 | 1 | 2 | 3 {
  const digit = text.charCodeAt(at + 2) - 0x30;
  return text.charCodeAt(at) === 0x70 &&
    text.charCodeAt(at + 1) === 0x64 &&
    text.charCodeAt(at + 3) === 0x3a &&
    (digit === 1 || digit === 2 || digit === 3)
    ? digit
    : 0;
}
/** The characters that stand for a declared field's position in a "pd3:" seal: the position's index here. */
export const FIELD_POSITIONS = '0123456789abcdefghijklmnopqrstuvwxyz';

/** One event type's personal fields. */
export type PersonalFields = {
  /** Whose data these fields are: a person's id (a user id), from the event; null: nobody's, left in clear. */
  subject: (data: JsonObject, streamId: string) => string | null;
  /**
   * Fields of the event's data that are personal: top-level ("email") or one level down ("fields.mobile");
   * a missing or null field is left alone. Seals name them by position: a field once declared keeps its
   * place, and new ones go at the end (a stored seal would otherwise refuse to open). 36 at most.
   */
  fields: readonly string[];
};

/** Event type -> its personal fields. Types not named hold nothing personal. */
export type PersonalDataDeclarations = Readonly<Record<string, PersonalFields>>;

/** The part of a prepared event that sealing rewrites (validate.ts prepareAppend). */
export type SealableEvent = { type: string; data: JsonValue; dataJson?: string };

export interface PersonalDataCodec {
  /** The persons' keys it seals with (forgetting goes through the same store, so its cache drops the key at once). */
  readonly keys?: PersonalKeyStore;
  /**
   * Seals the declared fields of these events in place (data and its canonical JSON); returns each
   * event's plain data for the projections and the caller, or null when no event held personal data.
   */
  seal(streamId: string, events: SealableEvent[]): Promise<JsonValue[] | null>;
  /**
   * The events as readers see them: personal fields opened, or ERASED where the person was forgotten.
   * The same array when none is personal. `via`: the connection to read keys on (inside a transaction).
   * `apart`: a page of the log read with each event's seal cut out of its data (row-mapping.ts
   * withSealApart): event i's seal, or null where any seal is still in the data. The events and their
   * data are then the reader's own, and remembered values are written in place.
   */
  open(events: StoredEvent[], via?: SqlExecutor, apart?: readonly (string | null)[]): Promise<StoredEvent[]>;
}
