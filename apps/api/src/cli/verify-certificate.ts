// `npm run verify-certificate -- [--keys <file or URL>] <QR text>`: checks a certificate offline, as a third
// party would, with only the issuer's published keys (a JWK set from a file or a URL; by default the local
// API's http://localhost:3000/.well-known/jwks.json). It checks the QR's form, the Ed25519 signature over
// the certificate's values, and that the signing key was in force at the claimed issue time; it prints each
// check and GENUINE or NOT GENUINE with the reason. Exit code: 0 genuine, 1 not genuine, 2 could not check
// (bad arguments, keys unreadable). Revocation is known only to the issuer: the online check answers it.
import { verifyOffline } from '../certificates/offline-verification.js';
import { CannotCheck, loadPublishedKeys } from './published-source.js';

const DEFAULT_KEYS = 'http://localhost:3000/.well-known/jwks.json';
const USAGE = 'usage: npm run verify-certificate -- [--keys <jwks file or URL>] <QR text>';

function parseArguments(argv: readonly string[]): { keys: string; qr: string } {
  let keys = DEFAULT_KEYS;
  const values: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--keys') {
      const next = argv[++i];
      if (!next) throw new CannotCheck(`--keys needs a file or URL\n${USAGE}`);
      keys = next;
    } else if (arg.startsWith('--keys=')) keys = arg.slice('--keys='.length);
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else values.push(arg);
  }
  // The QR's values may come as one argument (comma-separated) or as several (space-separated).
  if (values.length === 0) throw new CannotCheck(`no QR text given\n${USAGE}`);
  return { keys, qr: values.join(' ') };
}

async function main(argv: readonly string[]): Promise<number> {
  const { keys: source, qr } = parseArguments(argv);
  const keys = await loadPublishedKeys(source);
  console.log(
    `Keys: ${keys.length} Ed25519 key(s) from ${source}${keys.map((k) => `\n  ${k.kid}  in force from ${k.notBefore}${k.notAfter ? ` until ${k.notAfter}` : ''}`).join('')}`,
  );
  const verdict = verifyOffline(qr, keys);
  if (verdict.payload) {
    const p = verdict.payload;
    console.log(`Certificate ${p.certificate_no}: registration ${p.id}, event ${p.article_id}, participant ${p.user_id}`);
  }
  for (const check of verdict.checks) console.log(`  ${check.check.padEnd(16)} ${check.result}${check.reason ? `: ${check.reason}` : ''}`);
  if (verdict.genuine) {
    console.log(
      `GENUINE: signed by the issuer's key ${verdict.signedBy!.kid}, in force when the certificate was issued (${verdict.signedBy!.issuedAt}).`,
    );
    console.log(
      'Offline, only the signature is checked: whether the issuer has since revoked the certificate is answered online (POST /api/event-participant/verified-certificate, or the verification page).',
    );
    return 0;
  }
  console.log(`NOT GENUINE: ${verdict.reason}`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof CannotCheck ? `Could not check the certificate: ${error.message}` : error);
    process.exitCode = 2;
  },
);
