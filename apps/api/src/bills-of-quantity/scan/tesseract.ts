// Runs Debian's tesseract-ocr (and poppler's pdftoppm for a PDF) on this machine: no cloud service sees
// the scan. execFile with arguments (no shell), in a temp folder of the call's own, with a time limit per
// page; the folder is removed after. English traineddata reads Malay too (Latin script).
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { levelRows, pageRows, parseTsv } from './scan-layout.js';
import type { BqScanRow } from './bq-scan.events.js';

const run = promisify(execFile);

export const SCAN_MEDIA_TYPES = { png: 'image/png', jpeg: 'image/jpeg', pdf: 'application/pdf' } as const;
export type ScanKind = keyof typeof SCAN_MEDIA_TYPES;
/** Pages of a PDF read per scan (a BQ scan is a few pages; more is a refusal, not a long wait). */
export const MAX_PDF_PAGES = 20;
const DPI = 300;
const PAGE_TIME_LIMIT_MS = 90_000;

/** What the bytes are by their signature (not by the name or the declared type). */
export function scanKind(bytes: Uint8Array): ScanKind | null {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length > 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') return 'pdf';
  return null;
}

export class ScanUnreadable extends Error {
  override readonly name = 'ScanUnreadable';
}

/** The scan's rows, page by page; throws ScanUnreadable when the file cannot be read as pages. */
export async function ocrScan(bytes: Uint8Array, kind: ScanKind): Promise<{ pages: number; rows: BqScanRow[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'binaan-scan-'));
  try {
    let images: string[];
    if (kind === 'pdf') {
      await writeFile(join(dir, 'scan.pdf'), bytes);
      try {
        await run('pdftoppm', ['-r', String(DPI), '-gray', '-png', '-l', String(MAX_PDF_PAGES), join(dir, 'scan.pdf'), join(dir, 'page')], {
          timeout: PAGE_TIME_LIMIT_MS * 2,
        });
      } catch (error) {
        throw new ScanUnreadable(`The PDF could not be rendered (${(error as Error).message.split('\n')[0]}).`);
      }
      images = (await readdir(dir))
        .filter((f) => f.startsWith('page') && f.endsWith('.png'))
        .sort()
        .map((f) => join(dir, f));
      if (images.length === 0) throw new ScanUnreadable('The PDF has no pages.');
    } else {
      const file = join(dir, `scan.${kind === 'png' ? 'png' : 'jpg'}`);
      await writeFile(file, bytes);
      images = [file];
    }
    const rows: BqScanRow[] = [];
    let carry: ReturnType<typeof pageRows>['columns'] = null;
    for (const [i, image] of images.entries()) {
      let tsv: string;
      try {
        ({ stdout: tsv } = await run('tesseract', [image, 'stdout', '--psm', '6', '-l', 'eng', 'tsv'], {
          timeout: PAGE_TIME_LIMIT_MS,
          maxBuffer: 32 * 1024 * 1024,
        }));
      } catch (error) {
        throw new ScanUnreadable(`The page could not be read (${(error as Error).message.split('\n')[0]}).`);
      }
      const page = pageRows(parseTsv(tsv, i + 1), carry);
      carry = page.columns ?? carry;
      rows.push(...page.rows);
    }
    return { pages: images.length, rows: levelRows(rows) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
