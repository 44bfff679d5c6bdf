// Just enough of RFC 822 / MIME to read what nodemailer sends: unfolded headers, encoded-word subjects,
// multipart bodies (alternative, mixed) and the 7bit, 8bit, quoted-printable and base64 transfer
// encodings. A test mail server, not a mail client: no attachments, no nested message/rfc822.

export type ParsedMail = {
  /** Envelope recipients (RCPT TO), lower-cased. */
  recipients: string[];
  from: string;
  /** The To header, decoded. */
  to: string;
  subject: string;
  /** The text/plain body, decoded. */
  text: string;
  html?: string;
  headers: Record<string, string>;
  raw: string;
};

type Part = { headers: Record<string, string>; body: string };

function splitPart(source: string): Part {
  const end = source.indexOf('\n\n');
  const head = end === -1 ? source : source.slice(0, end);
  const body = end === -1 ? '' : source.slice(end + 2);
  const headers: Record<string, string> = {};
  // A line that starts with white space continues the header above it.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** `text/plain; charset=utf-8; boundary="x"` → { value: 'text/plain', charset: 'utf-8', boundary: 'x' } */
function headerParameters(header: string | undefined): { value: string; [name: string]: string } {
  const [value = '', ...rest] = (header ?? 'text/plain').split(';');
  const parameters: { value: string; [name: string]: string } = { value: value.trim().toLowerCase() };
  for (const parameter of rest) {
    const equals = parameter.indexOf('=');
    if (equals === -1) continue;
    parameters[parameter.slice(0, equals).trim().toLowerCase()] = parameter
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return parameters;
}

function decodeBytes(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function quotedPrintableBytes(text: string, inHeader = false): Buffer {
  const source = inHeader ? text.replace(/_/g, ' ') : text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < source.length; index++) {
    const hex = source.slice(index + 1, index + 3);
    if (source[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(source[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const charset = headerParameters(part.headers['content-type']).charset;
  if (encoding === 'base64') return decodeBytes(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset);
  if (encoding === 'quoted-printable') return decodeBytes(quotedPrintableBytes(part.body), charset);
  return part.body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`); white space between two of them goes. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_word, charset: string, kind: string, text: string) =>
      decodeBytes(kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : quotedPrintableBytes(text, true), charset),
    );
}

/** The leaves of a (possibly nested) multipart body, in order. */
function leaves(part: Part): Part[] {
  const type = headerParameters(part.headers['content-type']);
  if (!type.value.startsWith('multipart/') || !type.boundary) return [part];
  const delimiter = `--${type.boundary}`;
  const pieces = `\n${part.body}`.split(`\n${delimiter}`);
  // Before the first delimiter is the preamble; from the closing `--` on, the epilogue.
  return pieces
    .slice(1)
    .filter((piece) => !piece.startsWith('--'))
    .flatMap((piece) => leaves(splitPart(piece.replace(/^[ \t]*\n/, ''))));
}

export function parseMail(raw: string, recipients: string[] = []): ParsedMail {
  // The last line break is SMTP's, ending the DATA, not the message's own.
  const top = splitPart(raw.replace(/\r\n/g, '\n').replace(/\n$/, ''));
  const parts = leaves(top);
  const ofType = (type: string) => parts.find((part) => headerParameters(part.headers['content-type']).value === type);
  const textPart = ofType('text/plain');
  const htmlPart = ofType('text/html');
  const mail: ParsedMail = {
    recipients: recipients.map((address) => address.toLowerCase()),
    from: decodeHeader(top.headers.from ?? ''),
    to: decodeHeader(top.headers.to ?? ''),
    subject: decodeHeader(top.headers.subject ?? ''),
    text: textPart ? decodeBody(textPart) : '',
    headers: top.headers,
    raw,
  };
  if (htmlPart) mail.html = decodeBody(htmlPart);
  return mail;
}
