// What this process sealed lately (issue 31 point 7, appends): a "pd2:" seal is a function of the person's
// key, the field names and the values (field-cipher.ts: the IV is an HMAC of them), so the same values of
// the same person seal to the same text, and a person's name and e-mail are sealed again in every event
// that carries them. Remembering the text saves the HMAC, the AES-GCM pass and the base64 on each of those.
//
// Filed under the person's data key object (as opened-values.ts): found only with the very key it was made
// with, so a key destroyed ('forgotten') or read again finds nothing; and a person's entries go the moment
// the key store says their key is destroyed. Bounded: a person keeps their latest PER_SUBJECT seals, and
// when all of them hold SEALED_VALUES_ENTRIES, everything is dropped (a burst of values that never recur
// costs one clear, never a search for the oldest).

export const SEALED_VALUES_ENTRIES = 20_000;
const PER_SUBJECT = 64;

type Person = { subject: string; byPlain: Map<string, string> };

export class SealedValues {
  private readonly persons = new Map<Buffer, Person>();
  private readonly keyOf = new Map<string, Buffer>();
  private size = 0;

  constructor(private readonly limit = SEALED_VALUES_ENTRIES) {}

  /** The seal's body made before under this very key for these names and this plaintext (JSON of the values). */
  get(key: Buffer, names: string, plaintext: string): string | undefined {
    return this.persons.get(key)?.byPlain.get(`${names}\u0000${plaintext}`);
  }

  /** Remembers `body` and gives it back. */
  set(subject: string, key: Buffer, names: string, plaintext: string, body: string): string {
    let person = this.persons.get(key);
    if (person === undefined) {
      // The subject's key was read again (a new object): what was sealed with the old one goes.
      this.forget(subject);
      if (this.size >= this.limit) this.forget(null);
      person = { subject, byPlain: new Map() };
      this.persons.set(key, person);
      this.keyOf.set(subject, key);
    }
    if (person.byPlain.size >= PER_SUBJECT) {
      person.byPlain.delete(person.byPlain.keys().next().value!);
      this.size--;
    }
    const entry = `${names}\u0000${plaintext}`;
    if (!person.byPlain.has(entry)) this.size++;
    person.byPlain.set(entry, body);
    return body;
  }

  /** Drops what was sealed for `subject` (its key was destroyed), or for everyone (null). */
  forget(subject: string | null): void {
    if (subject === null) {
      this.persons.clear();
      this.keyOf.clear();
      this.size = 0;
      return;
    }
    const key = this.keyOf.get(subject);
    if (key === undefined) return;
    this.keyOf.delete(subject);
    const person = this.persons.get(key);
    if (person === undefined) return;
    this.size -= person.byPlain.size;
    this.persons.delete(key);
  }

  /** How many seals are remembered (for the specs). */
  get entries(): number {
    return this.size;
  }
}
