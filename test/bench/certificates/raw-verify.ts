// The floor under every verification: node:crypto's Ed25519 verify of the same signature over the same
// message, in a tight loop on this thread with the key object made once, for a fixed time.
import { verify } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseCertificateQr, parseCertificateSignature } from '@binaan/contracts';
import { publicKeyObject, signedMessage } from '@binaan/api/dist/certificates/certificate-signature.js';

export function rawVerifyRate(qr: string, publicKeyX: string, seconds: number): { perSecond: number; verified: number; cpuMsEach: number } {
  const payload = parseCertificateQr(qr)!;
  const parts = parseCertificateSignature(payload.signature!)!;
  const message = signedMessage(payload, parts.issuedAtSeconds, parts.kid);
  const signature = Buffer.from(parts.signature, 'base64url');
  const key = publicKeyObject(publicKeyX);
  let verified = 0;
  let done = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until) {
    for (let i = 0; i < 200; i++) if (verify(null, message, key, signature)) verified += 1;
    done += 200;
  }
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { perSecond: done / elapsed, verified: verified === done ? verified : -1, cpuMsEach: (used.user + used.system) / 1000 / done };
}
