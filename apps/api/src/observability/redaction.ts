// What must never reach a log line: passwords, tokens (JWTs, reset and session tokens, the human check's
// answer), one-time codes (SMS codes, activation PINs), cookies, Authorization headers, reset links and
// connection passwords. Two nets, because a log line is either structured or a sentence:
// - structured fields are censored by pino's `redact` (REDACTED_PATHS) and our serializers never copy
//   headers or bodies in the first place;
// - sentences (messages, error messages and stacks) go through scrub(), which removes anything shaped like a
//   secret wherever it appears. It is deliberately greedy: a redacted query value costs a little debugging,
//   a leaked token costs an account.

export const REDACTED = '[redacted]';

/** Field names that hold secrets, wherever they are in an object that is logged. */
const SECRET_FIELDS = [
  'password',
  'confirmPassword',
  'newPassword',
  'oldPassword',
  'currentPassword',
  'temporaryPassword',
  'token',
  'jwtToken',
  'readOnlyJwtToken',
  'refreshToken',
  'accessToken',
  'resetToken',
  'response_token',
  'secret',
  'secretKey',
  'secret_key',
  'code',
  'pin',
  'otp',
  'authorization',
  'cookie',
  'set-cookie',
  'link',
  'resetLink',
];

/** pino's redact paths: the names above at the top level and one or two levels down, and request and reply headers. */
export const REDACTED_PATHS = SECRET_FIELDS.flatMap((field) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(field) ? field : `[${JSON.stringify(field)}]`;
  const dot = key.startsWith('[') ? '' : '.';
  return [key, `*${dot}${key}`, `*.*${dot}${key}`];
});

const QUERY_NAMES = 't|token|code|pin|otp|password|secret[a-z_]*|key|sig|signature|response_token|jwt[a-z_]*';

const PATTERNS: [RegExp, string][] = [
  // A JWT (ours are HS256: three base64url parts, the first two JSON starting {" = eyJ).
  [/eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]+/g, REDACTED],
  // An approval e-mail's link token in a path: the API's /api/approval-links/<token> and the page's /approval/<token>.
  [/(\/approval(?:-links)?\/)[^/?#\s"']+/g, `$1${REDACTED}`],
  // Authorization header values.
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, `$1 ${REDACTED}`],
  // Secret-named values in a URL's query or a form: ?token=..., &t=..., code=...
  [new RegExp(`([?&;](?:${QUERY_NAMES}))=[^&#\\s"']*`, 'gi'), `$1=${REDACTED}`],
  // JSON-ish "password":"..." (a body quoted in an error message).
  [new RegExp(`("(?:${SECRET_FIELDS.join('|')})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi'), `$1"${REDACTED}"`],
  // A password inside a connection URL: postgres://user:secret@host.
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^:/\s@]*):[^@/\s]+@/gi, `$1:${REDACTED}@`],
  // Cookies as sent or set.
  [/\b((?:set-)?cookie:\s*)[^\n]+/gi, `$1${REDACTED}`],
];

/** A sentence with every secret-shaped part replaced by [redacted]. */
export function scrub(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** A request's URL for the log: the path as it is, each query value replaced (values may be tokens or codes). */
export function loggedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return scrub(url);
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => `${pair.split('=')[0]}=${REDACTED}`)
    .join('&');
  return `${scrub(url.slice(0, mark))}?${query}`;
}
