// What an attachment may be, judged by its name and its first bytes (the declared type alone proves
// nothing). Decision (as document registers such as Aconex and Procore's keep a list of blocked types):
// executables and scripts are refused by their signature (Windows PE "MZ", ELF, Mach-O, a "#!" script) and
// by their name's extension, whatever type is declared; a file declared as PDF, PNG, JPEG, GIF or an Office /
// ZIP archive, a WebP image or an old Word / Excel file must start as one (a renamed file is refused); any other type is kept as declared (drawings,
// CAD and office formats are many), and a missing or malformed type is read from the bytes or becomes
// application/octet-stream. Downloads are always sent as attachments with nosniff, never shown inline.

export type FileVerdict =
  { ok: true; mediaType: string } | { ok: false; code: 'attachmentExecutable' | 'attachmentTypeMismatch'; message: string };

const EXECUTABLE_EXTENSIONS = new Set([
  'exe',
  'com',
  'bat',
  'cmd',
  'msi',
  'msp',
  'scr',
  'pif',
  'dll',
  'sys',
  'cpl',
  'vbs',
  'vbe',
  'js',
  'jse',
  'wsf',
  'wsh',
  'hta',
  'ps1',
  'psm1',
  'sh',
  'bash',
  'jar',
  'app',
  'apk',
  'lnk',
  'reg',
  'elf',
  'bin',
  'run',
  'dmg',
  'pkg',
  'deb',
  'rpm',
  'appimage',
]);

const starts = (head: Buffer, ...bytes: number[]) => head.length >= bytes.length && bytes.every((b, i) => head[i] === b);

function executable(head: Buffer): boolean {
  return (
    starts(head, 0x4d, 0x5a) || // MZ: Windows PE
    starts(head, 0x7f, 0x45, 0x4c, 0x46) || // ELF
    starts(head, 0xfe, 0xed, 0xfa, 0xce) ||
    starts(head, 0xfe, 0xed, 0xfa, 0xcf) ||
    starts(head, 0xce, 0xfa, 0xed, 0xfe) ||
    starts(head, 0xcf, 0xfa, 0xed, 0xfe) || // Mach-O
    starts(head, 0xca, 0xfe, 0xba, 0xbe) || // Mach-O universal, Java class
    starts(head, 0x23, 0x21)
  ); // #! script
}

/** The kinds whose bytes are checked: their signatures. */
const SIGNATURES: { types: RegExp; mediaType: string; test: (head: Buffer) => boolean }[] = [
  { types: /^application\/pdf$/, mediaType: 'application/pdf', test: (h) => starts(h, 0x25, 0x50, 0x44, 0x46, 0x2d) },
  { types: /^image\/png$/, mediaType: 'image/png', test: (h) => starts(h, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  { types: /^image\/jpe?g$/, mediaType: 'image/jpeg', test: (h) => starts(h, 0xff, 0xd8, 0xff) },
  { types: /^image\/gif$/, mediaType: 'image/gif', test: (h) => starts(h, 0x47, 0x49, 0x46, 0x38) },
  // RIFF....WEBP
  {
    types: /^image\/webp$/,
    mediaType: 'image/webp',
    test: (h) => starts(h, 0x52, 0x49, 0x46, 0x46) && h.length >= 12 && h.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  // Word 97-2003 and Excel 97-2003 files are OLE compound files.
  {
    types: /^application\/(msword|vnd\.ms-excel)$/,
    mediaType: 'application/x-ole-storage',
    test: (h) => starts(h, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1),
  },
  {
    types: /^application\/(zip|x-zip-compressed|vnd\.openxmlformats-officedocument\.[a-z.]+)$/,
    mediaType: 'application/zip',
    test: (h) => starts(h, 0x50, 0x4b, 0x03, 0x04) || starts(h, 0x50, 0x4b, 0x05, 0x06),
  },
];

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The declared type, lower case, without parameters; null when it is none or says nothing (octet-stream). */
export function declaredType(raw: string | undefined): string | null {
  const type = (raw ?? '').split(';')[0]!.trim().toLowerCase();
  return MEDIA_TYPE.test(type) && type !== 'application/octet-stream' ? type : null;
}

export function judgeFile(name: string, declared: string | null, head: Buffer): FileVerdict {
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  if (
    executable(head) ||
    EXECUTABLE_EXTENSIONS.has(extension) ||
    declared === 'application/x-msdownload' ||
    declared === 'application/x-executable'
  ) {
    return { ok: false, code: 'attachmentExecutable', message: 'Programs and scripts cannot be attached.' };
  }
  if (declared !== null) {
    const kind = SIGNATURES.find((signature) => signature.types.test(declared));
    if (kind && !kind.test(head)) return { ok: false, code: 'attachmentTypeMismatch', message: `The file is not a ${declared} file.` };
    return { ok: true, mediaType: declared };
  }
  const sniffed = SIGNATURES.find((signature) => signature.test(head));
  return { ok: true, mediaType: sniffed?.mediaType ?? 'application/octet-stream' };
}

/** The file's name from X-File-Name (URI-encoded): its last path part, no control characters, 1 to 200 characters; null when none. */
export function fileName(raw: string | string[] | undefined): string | null {
  if (typeof raw !== 'string') return null;
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    return null;
  }
  name = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .split(/[\\/]/)
    .pop()!
    .trim();
  if (name === '' || name === '.' || name === '..' || name.length > 200) return null;
  return name;
}
