// `npm run verify-history -- <bundle> [--keys <file or URL>] [--head <file or URL>]`: checks an auditor bundle (a
// document's events with inclusion proofs into a signed checkpoint, downloaded from the document's page or
// GET /api/audit/bundle) as a third party would, with only the published keys and no database. The keys default
// to the bundle's `keysUrl` (the site's /.well-known/jwks.json); `--head` compares the checkpoint with a head
// published outside Binaan (LOG_HEADS_DIR). Prints each check; exit code 0 verified, 1 not verified, 2 could not
// check (bad arguments, a file or the keys unreadable).
import { verifyBundle } from '../audit/bundle-verification.js';
import { logKeysFromJwks } from '../transparency-log/log-jwks.js';
import { CannotCheck, loadPublishedKeys, readSource } from './published-source.js';

const USAGE = 'usage: npm run verify-history -- <bundle file> [--keys <jwks file or URL>] [--head <published checkpoint file or URL>]';

type Arguments = { bundle: string; keys: string | null; head: string | null };

function parseArguments(argv: readonly string[]): Arguments {
  const parsed: Arguments = { bundle: '', keys: null, head: null };
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const option = /^--(keys|head)(?:=(.*))?$/.exec(arg);
    if (option) {
      const value = option[2] ?? argv[++i];
      if (!value) throw new CannotCheck(`--${option[1]} needs a file or URL\n${USAGE}`);
      parsed[option[1] as 'keys' | 'head'] = value;
    } else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else files.push(arg);
  }
  if (files.length !== 1) throw new CannotCheck(`give one bundle file\n${USAGE}`);
  parsed.bundle = files[0]!;
  return parsed;
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return what === 'the published head' ? text : undefined;
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseArguments(argv);
  const started = performance.now();
  const bundle = parseJson(await readSource(args.bundle, 'the bundle'), 'the bundle');
  if (bundle === undefined) throw new CannotCheck(`${args.bundle} is not JSON`);
  const keysUrl: unknown = typeof bundle === 'object' && bundle !== null ? Reflect.get(bundle, 'keysUrl') : undefined;
  const keysSource = args.keys ?? (typeof keysUrl === 'string' ? keysUrl : null);
  if (!keysSource) throw new CannotCheck(`the bundle names no keys: give --keys\n${USAGE}`);
  const keys = await loadPublishedKeys(keysSource, logKeysFromJwks);
  // A head file holds the signed note as text, or the checkpoint as JSON with its note.
  const head = args.head === null ? undefined : parseJson(await readSource(args.head, 'the published head'), 'the published head');
  const subject = (bundle as { subject?: { resource?: unknown; documentNo?: unknown; id?: unknown } }).subject;
  console.log(`Bundle ${args.bundle}: ${String(subject?.resource)} ${String(subject?.documentNo ?? subject?.id)}`);
  console.log(`Keys: ${keys.length} published log key(s) from ${keysSource}`);
  const verdict = verifyBundle(bundle, keys, head);
  for (const check of verdict.checks) console.log(`  ${check.check.padEnd(20)} ${check.result}: ${check.detail}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(3);
  if (verdict.ok) {
    console.log(`VERIFIED: ${verdict.events} events, each in the signed log of ${verdict.treeSize} (${seconds} s).`);
    return 0;
  }
  console.log(`NOT VERIFIED: ${verdict.checks.find((c) => c.result === 'failed')!.detail}`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof CannotCheck ? `Could not check the bundle: ${error.message}` : error);
    process.exitCode = 2;
  },
);
