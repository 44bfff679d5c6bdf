// The repository speaks of the product, not of how the work went (house style 13): comments, test names,
// scripts and READMEs say what the code does and why, in the product's and the spec's terms. The story of
// the work (which tracker issue, which session or run, what CI once saw) belongs in the note on the issue,
// never in the tree. This check fails npm test on such words, naming each file:line.
//   node infra/scripts/check-product-words.mjs            every tracked text file (git ls-files)
//   node infra/scripts/check-product-words.mjs <file>...  just these files
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What is scanned: source, scripts, docs and configuration; not lock files, builds or this check's own samples. */
const SCANNED = /\.(ts|tsx|js|mjs|cjs|md|json|sh|yml|yaml|conf|sql|html)$|(^|\/)(Containerfile|run)$/;
const SKIPPED = [
  /(^|\/)node_modules\//,
  /(^|\/)dist\//,
  /(^|\/)package-lock\.json$/,
  /^\.\.\/shared\//,
  // The check's own samples name the words it refuses.
  /^infra\/scripts\/check-product-words(\.spec)?\.mjs$/,
];

const ORDINALS =
  'third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth';

/**
 * Each rule: a name the message gives and what it matches. Tuned to what the product's own words never say:
 * "session" alone is a user's sign-in session, "round 2" an approval round, "levels run 20, 21" a rule.
 */
export const RULES = [
  { name: 'tracker issue number', pattern: /\bissues?\s+#?\d+/i },
  { name: 'tracker reference (#N)', pattern: /(?:^|[\s(,;])#\d{1,5}\b(?![0-9a-f])/i },
  { name: 'work session number', pattern: /\bsessions?\s+#?\d{1,2}\b/i },
  { name: 'work session ordinal', pattern: new RegExp(`\\b(?:${ORDINALS}|\\d+(?:st|nd|rd|th)) session\\b`, 'i') },
  { name: 'dated work session', pattern: /\d{4}-\d{2}-\d{2},\s+\w+\s+session\b|\bsession,?\s+\d{4}-\d{2}-\d{2}/i },
  { name: 'numbered run', pattern: /(?:^|[.:;(]\s*|\b(?:CI|the|in|and|after|before|of|from|fresh-clone)\s+)runs?\s+#?\d+\b/i },
  { name: 'numbered stop', pattern: /\bstop\s+#?\d+\b/i },
  { name: 'CI run', pattern: /\bCI\s+runs?\b|\bCI\s+(?:once|twice)\b/i },
  { name: 'work diary', pattern: /\bwork[- ]diary\b/i },
];

/** Every hit in a text: its line (1-based), the rule's name and the words matched. */
export function findWorkLogWords(text) {
  const hits = [];
  text.split('\n').forEach((line, index) => {
    for (const rule of RULES) {
      const match = rule.pattern.exec(line);
      if (match) hits.push({ line: index + 1, rule: rule.name, words: match[0].trim() });
    }
  });
  return hits;
}

export function isScanned(path) {
  return SCANNED.test(path) && !SKIPPED.some((skip) => skip.test(path));
}

function trackedFiles() {
  return execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean);
}

function main(args) {
  const files = (args.length > 0 ? args : trackedFiles()).filter(isScanned);
  const problems = [];
  for (const file of files) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // listed by git but deleted in the working tree
    }
    for (const hit of findWorkLogWords(text)) problems.push(`${file}:${hit.line}: ${hit.rule}: "${hit.words}"`);
  }
  if (problems.length === 0) {
    console.log(`product words: ${files.length} files speak of the product`);
    return 0;
  }
  console.log(problems.join('\n'));
  console.log(
    `\nproduct words: ${problems.length} line(s) tell the story of the work, not what the product does. Say what the code does ` +
      'and why, in the spec\'s terms (e.g. "(spec §5.3)", a decision in the context\'s README), or drop the reference.',
  );
  return 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
