// GET /metrics (outside /api: where Prometheus looks), for a scraper holding METRICS_TOKEN:
// - METRICS_TOKEN unset: 404 { errorCode: metricsDisabled }: nothing about the process is served to anyone;
// - no or another token: 401 { errorCode: unauthorized }, compared in constant time;
// - the token as `Authorization: Bearer <token>`: the text format, this process's figures or, with
//   API_WORKERS above 1, the whole cluster's (cluster-metrics.ts).
import { createHash, timingSafeEqual } from 'node:crypto';
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { ErrorCodes } from '@binaan/contracts';
import type { Metrics } from './metrics.js';
import { clusterMetrics } from './cluster-metrics.js';

export const METRICS_PATH = '/metrics';
export const METRICS_DISABLED = 'metricsDisabled';

const digest = (text: string) => createHash('sha256').update(text).digest();

function holdsToken(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

export function mountMetrics(fastify: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  fastify.get(METRICS_PATH, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!token)
      return reply
        .code(404)
        .send({ success: false, errorCode: METRICS_DISABLED, errorMessage: 'Metrics are off: set METRICS_TOKEN to serve them.' });
    if (!holdsToken(request.headers.authorization, token)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer').send({
        success: false,
        errorCode: ErrorCodes.unauthorized,
        errorMessage: 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.',
      });
    }
    try {
      const text = cluster.isWorker ? await clusterMetrics() : await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    } catch (error) {
      request.log.warn({ err: error }, 'metrics could not be gathered');
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({ success: false, errorCode: 'metricsUnavailable', errorMessage: 'The metrics could not be gathered; try again.' });
    }
  });
}
