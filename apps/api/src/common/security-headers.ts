// Security headers, by what a reply is (the api README, "Security headers"; OWASP's REST Security and
// HTTP Headers cheat sheets):
//
// Documents (index.html and every ui route the browser loads or reloads, the landing page, favicon and any
// other ui file outside /assets, a service worker, Swagger UI under /api/docs) get the whole set, through
// helmet: one policy for the whole origin, since the ui, its API and the API's documentation page are one
// site:
// - scripts only from this origin ('self'): the built ui has no inline script, and Swagger UI's start-up
//   is a file of its own (openapi.ts), so no 'unsafe-inline' for scripts anywhere;
// - styles 'self' and 'unsafe-inline': MUI (emotion) writes its styles into <style> elements at run time
//   and react-pdf, html5-qrcode and Swagger UI set style attributes; a nonce would need a per-request
//   index.html and would still not cover style attributes. Style injection cannot run script;
// - workers from 'self' (pdf.js's worker file) and blob: (the ALTCHA widget starts its proof-of-work
//   workers from blob: URLs);
// - images 'self', data: (inline icons of html5-qrcode, MUI, Swagger UI) and blob: (the QR scanner's
//   uploaded image, the PDF viewer's canvas copies);
// - connect-src 'self': fetches and the bell's websocket go to this origin only (CSP 3 matches ws: and
//   wss: of the same host with 'self'; Chromium, Firefox and Safari do);
// - frame-ancestors 'none' (and X-Frame-Options DENY for old browsers), object-src 'none', base-uri 'none',
//   form-action 'self';
// - Strict-Transport-Security and upgrade-insecure-requests only when PUBLIC_URL is https: on plain http
//   (127.0.0.1, a LAN address) they would send the browser to an https port nobody answers.
//
// API replies (/api outside /api/docs, /.well-known: JSON, and the files the API hands out: PDFs, images,
// attachments) get the API set: nosniff, X-Frame-Options DENY, `default-src 'none'; frame-ancestors 'none'`
// (a reply opened as a page runs nothing, loads nothing and is framed nowhere: stricter than the document
// policy, which matters for an uploaded file opened in a tab), Strict-Transport-Security as above; their
// Cache-Control and Vary come from api-caching.ts. Two more than OWASP's REST list, each a few bytes:
// Referrer-Policy no-referrer (a PDF opened by a URL with the read-only token `t` must not hand that URL to
// a link in it) and Cross-Origin-Resource-Policy same-origin (no other site may pull a reply into its
// process with a no-cors <img> or <script>). The document-only headers (the full policy,
// Cross-Origin-Opener-Policy, Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options, ...) govern
// a browsing context, which a JSON reply fetched by the ui never makes: about 0.5 KB on every reply for
// nothing (the signed-in first load makes 83 replies), and helmet's twelve middlewares on every call.
//
// Hashed assets (/assets/<name>-<hash>.js|css|...) get nosniff (and HSTS): scripts and styles loaded by a
// document run under that document's policy. A worker script does not (a worker takes the policy of its own
// script's reply): pdf.js's worker (`*.worker*.mjs`) gets the document set. A path under /assets that is no file gets index.html, and
// with it the document set (ui-hosting.ts).
//
// The three sets are built once at start-up (the document set by running helmet's middleware on a recorder,
// so helmet stays the source of its values) and set on the raw reply as each request arrives, before any
// route, so every reply carries them (404s, errors, and streams written to the raw reply).
import helmet, { type HelmetOptions } from 'helmet';
import type { ServerResponse } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { isApiPath } from './api-caching.js';

/** The Content-Security-Policy directives of documents, by whether the public address is https. */
export function contentSecurityDirectives(https: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export function securityHeadersOptions(publicUrl: string): HelmetOptions {
  const https = publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(https) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/** The policy of API replies: nothing may load or run, nobody may frame it. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

type HeaderSet = readonly (readonly [string, string])[];

export type SecurityHeaderSets = { document: HeaderSet; api: HeaderSet; asset: HeaderSet };

/** What helmet's middleware sets, recorded once on a stand-in reply (it sets headers and calls next at once). */
function recordHelmet(options: HelmetOptions): HeaderSet {
  const headers: [string, string][] = [];
  const recorder = { setHeader: (name: string, value: string) => void headers.push([name, String(value)]), removeHeader: () => undefined };
  let done = false;
  helmet(options)({} as never, recorder as never, () => void (done = true));
  if (!done) throw new Error('helmet did not set its headers at once');
  return headers;
}

export function securityHeaderSets(publicUrl: string): SecurityHeaderSets {
  const document = recordHelmet(securityHeadersOptions(publicUrl));
  const transport = document.filter(([name]) => name.toLowerCase() === 'strict-transport-security');
  const nosniff = ['X-Content-Type-Options', 'nosniff'] as const;
  return {
    document,
    api: [
      ['Content-Security-Policy', API_CONTENT_SECURITY_POLICY],
      nosniff,
      ['X-Frame-Options', 'DENY'],
      ['Referrer-Policy', 'no-referrer'],
      ['Cross-Origin-Resource-Policy', 'same-origin'],
      ...transport,
    ],
    asset: [nosniff, ...transport],
  };
}

export function setHeaders(raw: ServerResponse, set: HeaderSet): void {
  for (const [name, value] of set) raw.setHeader(name, value);
}

/** A hashed worker script (the build names them `*.worker*`: pdf.worker.min-<hash>.mjs). */
const isWorkerScript = (url: string) => /^\/assets\/[^/?]*\.worker[^/?]*\.m?js(\?|$)/.test(url);

const isDocsPath = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/') || url.startsWith('/api/docs?');

/** Which set a request's reply starts with, by its path (ui-hosting.ts turns a missing asset's index.html into a document). */
export function headerSetFor(url: string, sets: SecurityHeaderSets): HeaderSet {
  if (isDocsPath(url)) return sets.document;
  if (isApiPath(url) || url.startsWith('/.well-known/')) return sets.api;
  // A worker script (pdf.js's) runs under the policy of its own reply, not its document's: it keeps the
  // document set, so the worker too may not eval or fetch elsewhere.
  if (url.startsWith('/assets/')) return isWorkerScript(url) ? sets.document : sets.asset;
  return sets.document;
}

export function securityHeaders(app: NestFastifyApplication, sets: SecurityHeaderSets): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      setHeaders(reply.raw, headerSetFor(request.url, sets));
      done();
    });
}
