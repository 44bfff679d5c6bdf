// What the offline verifiers (verify-certificate, verify-history) read: a file, or a URL of the site that publishes
// it (the keys at /.well-known/jwks.json, a published log head). Errors say what could not be read and why; the
// verifiers answer them with exit code 2 (could not check), apart from 1 (checked: not genuine).
import { readFile } from 'node:fs/promises';
import { keysFromJwks } from '../certificates/certificate-jwks.js';
import type { PublishedKey } from '../certificates/certificate-signature.js';

/** A reason the check could not be made at all (not a failed check). */
export class CannotCheck extends Error {}

/** The text of a file, or of a URL (http or https) fetched within 10 seconds. */
export async function readSource(source: string, what: string): Promise<string> {
  if (/^https?:\/\//i.test(source)) {
    let response: Response;
    try {
      response = await fetch(source, { signal: AbortSignal.timeout(10_000), headers: { accept: 'application/json, text/plain' } });
    } catch (error) {
      throw new CannotCheck(
        `could not read ${what} from ${source}: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`,
      );
    }
    if (!response.ok) throw new CannotCheck(`could not read ${what} from ${source}: HTTP ${response.status}`);
    return response.text();
  }
  try {
    return await readFile(source, 'utf8');
  } catch (error) {
    throw new CannotCheck(`could not read ${what} file ${source}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The published keys of a JWK set read from a file or URL: the certificate keys, or those `pick` reads (the log keys). */
export async function loadPublishedKeys(source: string): Promise<PublishedKey[]>;
export async function loadPublishedKeys<Key>(source: string, pick: (set: unknown) => Key[]): Promise<Key[]>;
export async function loadPublishedKeys(source: string, pick: (set: unknown) => unknown[] = keysFromJwks): Promise<unknown[]> {
  const text = await readSource(source, 'the keys');
  try {
    return pick(JSON.parse(text));
  } catch (error) {
    throw new CannotCheck(`the keys from ${source} are not a usable JWK set: ${error instanceof Error ? error.message : String(error)}`);
  }
}
