// /metrics with METRICS_TOKEN unset: 404 with a code and no figures, whatever is sent. (With a token: test/api-e2e/observability/metrics.e2e.ts.)
import { afterAll, describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { Metrics } from './metrics.js';
import { METRICS_DISABLED, mountMetrics } from './metrics-route.js';

describe('GET /metrics without METRICS_TOKEN', () => {
  const fastify = Fastify();
  mountMetrics(fastify, new Metrics(), undefined);
  afterAll(() => fastify.close());

  it('answers 404 metricsDisabled, with or without a token', async () => {
    for (const headers of [{}, { authorization: 'Bearer anything' }, { authorization: 'Bearer ' }]) {
      const reply = await fastify.inject({ method: 'GET', url: '/metrics', headers });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ success: false, errorCode: METRICS_DISABLED });
      expect(reply.body).not.toContain('binaan_');
    }
  });
});
