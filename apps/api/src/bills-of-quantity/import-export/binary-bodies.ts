// Request bodies that are files: an .xlsx for the Excel import, a PNG, JPEG or PDF for a scan. Only the
// BQ upload routes take them (any other route answers 415 as before); up to the spec's 50 MB per file
// (§5.3, §9), counted as the bytes arrive, so a larger one is a 413 before it is all in memory.
import type { FastifyInstance } from 'fastify';
import { refusal } from '../../common/refusal.js';
import { isAttachmentUpload, passAttachment } from '../../files/file-bodies.js';

export const UPLOAD_LIMIT = 50 * 1024 * 1024;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const FILE_TYPES = [XLSX_TYPE, 'application/octet-stream', 'image/png', 'image/jpeg', 'application/pdf'] as const;

/** The routes that take a file body (their paths after /api): the BQ's import and scans, and the data import. */
const UPLOAD_ROUTES =
  /^\/api\/(bill-of-quantity\/[^/?]+\/import(\/preview)?|project\/[^/?]+\/bill-of-quantity-scans|imports\/[^/?]+(\/preview)?)\/?(\?|$)/;

export function binaryBodies(fastify: FastifyInstance, limit = UPLOAD_LIMIT): void {
  fastify.addContentTypeParser([...FILE_TYPES], (request, payload, done) => {
    // Attachments stream to the file store (files/file-bodies.ts): not read into memory here.
    if (isAttachmentUpload(request.url)) return passAttachment(request, payload, done);
    if (!UPLOAD_ROUTES.test(request.url)) {
      payload.resume();
      return done(refusal(415, 'unsupportedMediaType', 'Send application/json.'), undefined);
    }
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      payload.resume();
      return done(refusal(413, 'fileTooLarge', `A file may be at most ${limit / 1024 / 1024} MB.`), undefined);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    payload.on('data', (chunk: Buffer) => {
      if (finished) return;
      size += chunk.length;
      if (size > limit) {
        finished = true;
        payload.resume();
        done(refusal(413, 'fileTooLarge', `A file may be at most ${limit / 1024 / 1024} MB.`), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (finished) return;
      finished = true;
      done(null, Buffer.concat(chunks, size));
    });
    payload.on('error', (error: Error) => {
      if (finished) return;
      finished = true;
      done(error, undefined);
    });
  });
}

/** The body as bytes, or a 415 naming what the route takes. */
export function fileBody(body: unknown, what: string): Buffer {
  if (Buffer.isBuffer(body) && body.length > 0) return body;
  throw refusal(415, 'fileExpected', `Send the ${what} as the request body, with its own Content-Type.`);
}
