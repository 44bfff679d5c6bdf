import { describe, expect, it } from '@jest/globals';
import { createLogger } from './logging.js';

/** A destination that records lines and the flushes asked of it, as pino's sonic-boom would get them. */
function recorder() {
  const lines: string[] = [];
  let flushes = 0;
  return {
    lines,
    flushes: () => flushes,
    destination: { write: (line: string) => void lines.push(line), flush: (done?: () => void) => void (flushes++, done?.()) },
  };
}

describe('createLogger', () => {
  it('flushes what is held at once after an error line, not after an info line', () => {
    const out = recorder();
    const logger = createLogger({ level: 'info', format: 'json', destination: out.destination });
    logger.info('request completed');
    expect(out.flushes()).toBe(0);
    logger.error({ err: new Error('boom') }, 'it failed');
    expect(out.flushes()).toBe(1);
    logger.fatal('down');
    expect(out.flushes()).toBe(2);
    expect(out.lines).toHaveLength(3);
  });

  it('still redacts secret fields on every line written through it', () => {
    const out = recorder();
    createLogger({ level: 'info', format: 'json', destination: out.destination }).info({ body: { password: 'Hunter2!' } }, 'sign-in');
    expect(out.lines[0]).not.toContain('Hunter2!');
  });
});
