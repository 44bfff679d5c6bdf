// Security headers on every reply (API, ui, Swagger UI, errors), through helmet: one policy for
// the whole origin, since the ui, its API and the API's documentation page are one site. Decisions (the
// api README, "Security headers"):
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
import helmet, { type HelmetOptions } from 'helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** The Content-Security-Policy directives, by whether the public address is https. */
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

/**
 * Sets the headers on the raw reply as each request arrives, before any route, so every reply carries them
 * (404s, errors, and streams written to the raw reply). helmet's middleware is made once here: the fastify
 * plugin (@fastify/helmet 13) builds it again for every request, parsing the policy each time, about 2% of
 * a workflow action's time in the documents bench's profile.
 */
export function securityHeaders(app: NestFastifyApplication, publicUrl: string): void {
  const setHeaders = helmet(securityHeadersOptions(publicUrl));
  app.getHttpAdapter().getInstance().addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
