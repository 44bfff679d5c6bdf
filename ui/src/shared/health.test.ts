import { describe, expect, it } from 'vitest';
import { describeHealth, fetchHealth } from './health.js';

const reply = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });

describe('platform health on the landing page', () => {
  it('reads the store and the number of events recorded', async () => {
    const view = await fetchHealth(undefined, reply(200, { status: 'ok', store: 'postgres', position: 12345 }));
    expect(describeHealth(view)).toBe('Platform online · PostgreSQL · 12,345 events recorded');
  });

  it('says the platform is not answering on an error status or a network failure', async () => {
    expect(describeHealth(await fetchHealth(undefined, reply(503, {})))).toBe('The platform is not answering right now.');
    const failing = async () => {
      throw new TypeError('network down');
    };
    expect((await fetchHealth(undefined, failing)).state).toBe('down');
  });
});
