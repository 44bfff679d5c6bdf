// The data import calls (apps/api/src/data-import): the preview of a workbook, and the import sent with the
// browser's upload progress, then the server's progress lines (NDJSON) read as they arrive, over one
// XMLHttpRequest (fetch tells nothing of an upload's progress).
import { ApiError, apiUrl } from '../../shared/api/client.js';
import { noteApiActivity } from '../../shared/session/inactivity.js';
import type { DataImportMapping, DataImportPreview, DataImportProgress, DataImportResult, DataImportTarget } from '@binaan/contracts';
import { ndjsonLines } from '../bill-of-quantity/bq-excel.js';
import { adminHeaders, refusalOf } from '../providers/admin-request.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const asXlsx = (file: File) => Object.assign(new Blob([file], { type: XLSX }), { name: file.name });

/** What the page shows: the file going up (0-100 of its bytes), then the server's rows. */
export type ImportStep = { phase: 'upload'; percent: number } | DataImportProgress;

/** Sends the file; `onStep` hears the upload and each progress line; resolves with the last line's reply or throws its refusal. */
function send<T>(path: string, file: File, ndjson: boolean, onStep: (step: ImportStep) => void): Promise<T> {
  const blob = asXlsx(file);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    for (const [name, value] of Object.entries({ ...adminHeaders({ file: blob }), ...(ndjson ? { Accept: 'application/x-ndjson' } : {}) }))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      event.lengthComputable && onStep({ phase: 'upload', percent: Math.round((event.loaded / event.total) * 100) });
    let seen = 0;
    let buffer = '';
    let result: { status: number; body: unknown } | null = null;
    const readLines = (final: boolean) => {
      if (!ndjson || xhr.status !== 200) return;
      buffer += xhr.responseText.slice(seen);
      seen = xhr.responseText.length;
      const { values, rest } = ndjsonLines(final ? `${buffer}\n` : buffer);
      buffer = rest;
      for (const line of values as (DataImportProgress | { type: 'result'; status: number; body: unknown })[]) {
        if (line.type === 'progress') onStep(line);
        else result = line;
      }
    };
    xhr.onprogress = () => readLines(false);
    xhr.onerror = () => reject(new ApiError(0, 'unknownError', 'The server could not be reached.'));
    xhr.onload = () => {
      noteApiActivity();
      readLines(true);
      const parsed = (() => {
        try {
          return JSON.parse(xhr.responseText) as Record<string, unknown>;
        } catch {
          return undefined;
        }
      })();
      const { status, body } = result ?? { status: xhr.status, body: parsed };
      if (status >= 400) reject(refusalOf(status, body as Record<string, unknown> | undefined));
      else resolve(body as T);
    };
    xhr.send(blob);
  });
}

export const previewImport = (target: DataImportTarget, file: File, onStep: (step: ImportStep) => void) =>
  send<DataImportPreview>(`/api/imports/${target}/preview`, file, false, onStep);

export const runImport = (target: DataImportTarget, file: File, mapping: DataImportMapping, onStep: (step: ImportStep) => void) =>
  send<DataImportResult>(`/api/imports/${target}?mapping=${encodeURIComponent(JSON.stringify(mapping))}`, file, true, onStep);

/** 1 -> "A", 28 -> "AB": columns as Excel names them. */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
