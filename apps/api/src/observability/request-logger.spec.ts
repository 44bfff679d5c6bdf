import { describe, expect, it } from '@jest/globals';
import type { FastifyBaseLogger } from 'fastify';
import { createLogger } from './logging.js';
import { lazyRequestLogger } from './request-logger.js';

describe('lazyRequestLogger (request.log)', () => {
  const setUp = () => {
    const lines: string[] = [];
    const parent = createLogger({ level: 'info', format: 'json', destination: { write: (line: string) => void lines.push(line) } });
    let children = 0;
    const counting = Object.assign(Object.create(parent) as FastifyBaseLogger, {
      child: (...args: Parameters<FastifyBaseLogger['child']>) => (children++, parent.child(...args)),
    });
    return { lines, children: () => children, logger: lazyRequestLogger(counting, { reqId: 'req-1' }, {}) };
  };

  it('makes no child until something logs through it', () => {
    const { logger, children } = setUp();
    expect(logger.level).toBe('info');
    expect(children()).toBe(0);
  });

  it("writes a line as Fastify's own child would: the request id bound, secrets redacted", () => {
    const { logger, lines, children } = setUp();
    logger.error({ body: { password: 'Hunter2!' } }, 'request failed');
    logger.warn('again');
    expect(children()).toBe(1);
    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(first.reqId).toBe('req-1');
    expect(first.msg).toBe('request failed');
    expect(lines[0]).not.toContain('Hunter2!');
  });

  it('honours a level set on it', () => {
    const { logger, lines } = setUp();
    logger.level = 'error';
    logger.info('not written');
    logger.error('written');
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['written']);
  });
});
