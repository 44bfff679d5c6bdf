// Request bodies that are attachments: the file itself is the body (as the BQ scans take theirs: no
// multipart), any media type; its name in X-File-Name (URI-encoded). The body reaches the route as the
// request's own stream, so the file store hashes and writes it as it arrives and nothing holds 50 MB in
// memory. A declared length past the limit is a 413 before a byte is read. The types the BQ routes take
// (binary-bodies.ts) pass attachment routes through to here; JSON and text keep Fastify's own parsers, so
// the ui sends every file as application/octet-stream with its media type in X-File-Type.
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { refusal } from '../common/refusal.js';

/** The spec's §9: 50 MB a file. */
export const ATTACHMENT_LIMIT = 50 * 1024 * 1024;

/** The routes that take an attachment body (their paths after /api). */
const ATTACHMENT_ROUTES = /^\/api\/tendering\/tenders\/[^/?]+\/(quotation|queries\/[^/?]+(\/answer)?)\/attachments\/?(\?|$)/;
/** A company's files: a new one, or a new version of one. */
const COMPANY_FILE_ROUTES = /^\/api\/company-files\/[^/?]+(\/[^/?]+\/versions)?\/?(\?|$)/;

/** An advertisement's image: a new advertisement, or a new image of one. */
const ADVERTISEMENT_IMAGE_ROUTES = /^\/api\/admin\/advertisements(\/[^/?]+\/image)?\/?(\?|$)/;

export const isAttachmentUpload = (url: string) =>
  ATTACHMENT_ROUTES.test(url) || COMPANY_FILE_ROUTES.test(url) || ADVERTISEMENT_IMAGE_ROUTES.test(url);

export const tooLarge = (limit = ATTACHMENT_LIMIT) => refusal(413, 'fileTooLarge', `A file may be at most ${limit / 1024 / 1024} MB.`);

/** Hands an attachment route its body as a stream, or refuses it (413 by its declared length). */
export function passAttachment(
  request: { headers: Record<string, string | string[] | undefined> },
  payload: Readable,
  done: (error: Error | null, body?: unknown) => void,
): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > ATTACHMENT_LIMIT) {
    payload.resume();
    return done(tooLarge());
  }
  done(null, payload);
}

export function fileBodies(fastify: FastifyInstance): void {
  // Every type without a parser of its own (images, archives, drawings, office files...).
  fastify.addContentTypeParser('*', (request, payload, done) => {
    const type = String(request.headers['content-type'] ?? '');
    if (!isAttachmentUpload(request.url) || /^multipart\//i.test(type)) {
      payload.resume();
      return done(
        refusal(
          415,
          'unsupportedMediaType',
          isAttachmentUpload(request.url) ? 'Send the file itself as the body, not a form.' : 'Send application/json.',
        ),
        undefined,
      );
    }
    passAttachment(request, payload, done);
  });
}

/** The body as a stream, or a 415 saying how to send a file. */
export function attachmentBody(body: unknown): Readable {
  if (body !== null && typeof body === 'object' && typeof (body as Readable).pipe === 'function') return body as Readable;
  throw refusal(
    415,
    'fileExpected',
    'Send the file as the request body (application/octet-stream), its name in X-File-Name and its type in X-File-Type.',
  );
}
