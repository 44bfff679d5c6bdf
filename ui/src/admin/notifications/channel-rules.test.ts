// The live channel's rules (signed-in-area.md §4.6): reconnect after an unexpected close, with a growing
// wait; reconnect when the company or the token changes; close when there is no token.
import { describe, expect, it } from 'vitest';
import { backoffMs, channelStep, INITIAL_CHANNEL, type ChannelEffect, type ChannelInput, type ChannelState } from './channel-rules.js';

/** Runs inputs from the start; returns the last state and every effect in order. */
function run(inputs: ChannelInput[], random = 0): { state: ChannelState; effects: ChannelEffect[] } {
  let state = INITIAL_CHANNEL;
  const effects: ChannelEffect[] = [];
  for (const input of inputs) {
    const step = channelStep(state, input, random);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

const session = (token: string | null, company: string | null = 'teguh-bina'): ChannelInput => ({ type: 'session', token, company });
const last = (effects: ChannelEffect[]) => effects.at(-1);
const connects = (effects: ChannelEffect[]) => effects.filter((e) => e.type === 'connect');

describe('the user channel connects with the read-only token', () => {
  it('a token opens a socket with it', () => {
    const { state, effects } = run([session('ro-1')]);
    expect(state.status).toBe('connecting');
    expect(connects(effects)).toEqual([{ type: 'connect', generation: 1, token: 'ro-1' }]);
  });

  it('no token, no socket', () => {
    expect(connects(run([session(null)]).effects)).toEqual([]);
  });

  it('the same token and company again changes nothing (no second socket)', () => {
    const { effects } = run([session('ro-1'), { type: 'opened', generation: 1 }, session('ro-1')]);
    expect(connects(effects)).toHaveLength(1);
    expect(effects.some((e) => e.type === 'close')).toBe(false);
  });
});

describe('it reconnects when the company or the token changes', () => {
  it('another company: the old socket is closed and a new one opened', () => {
    const { state, effects } = run([session('ro-1', 'teguh-bina'), { type: 'opened', generation: 1 }, session('ro-2', 'seri-hartanah')]);
    expect(effects.slice(2)).toEqual([
      { type: 'cancelRetry' },
      { type: 'close', generation: 1 },
      { type: 'connect', generation: 2, token: 'ro-2' },
    ]);
    expect(state).toMatchObject({ status: 'connecting', company: 'seri-hartanah', token: 'ro-2' });
  });

  it('the company alone changing reconnects too', () => {
    const { effects } = run([session('ro-1', 'a'), { type: 'opened', generation: 1 }, session('ro-1', 'b')]);
    expect(connects(effects).map((e) => e.generation)).toEqual([1, 2]);
  });

  it('a new token while waiting to retry connects at once and drops the pending retry', () => {
    const { state, effects } = run([session('ro-1'), { type: 'closed', generation: 1, code: 1006 }, session('ro-2')]);
    expect(effects.slice(-2)).toEqual([{ type: 'cancelRetry' }, { type: 'connect', generation: 2, token: 'ro-2' }]);
    // The retry timer of the old socket, should it still fire, does nothing.
    expect(channelStep(state, { type: 'retry', generation: 1 }).effects).toEqual([]);
  });

  it('the close of a replaced socket is not taken for an unexpected close', () => {
    const { state, effects } = run([
      session('ro-1', 'a'),
      { type: 'opened', generation: 1 },
      session('ro-2', 'b'),
      { type: 'closed', generation: 1, code: 1000 },
    ]);
    expect(effects.filter((e) => e.type === 'scheduleRetry')).toEqual([]);
    expect(state.status).toBe('connecting');
  });
});

describe('it closes when there is no token', () => {
  it('signing out closes the socket and cancels any retry', () => {
    const { state, effects } = run([session('ro-1'), { type: 'opened', generation: 1 }, session(null)]);
    expect(effects.slice(-2)).toEqual([{ type: 'cancelRetry' }, { type: 'close', generation: 1 }]);
    expect(state.status).toBe('idle');
  });

  it('the socket then closing schedules nothing', () => {
    const { effects } = run([
      session('ro-1'),
      { type: 'opened', generation: 1 },
      session(null),
      { type: 'closed', generation: 1, code: 1000 },
    ]);
    expect(effects.filter((e) => e.type === 'scheduleRetry')).toEqual([]);
  });

  it('signing out while waiting to retry: no retry happens', () => {
    const { state, effects } = run([
      session('ro-1'),
      { type: 'closed', generation: 1, code: 1006 },
      session(null),
      { type: 'retry', generation: 1 },
    ]);
    expect(last(effects)).toEqual({ type: 'cancelRetry' });
    expect(state.status).toBe('idle');
  });
});

describe('it reconnects after an unexpected close, waiting longer each time', () => {
  it('a dropped socket is retried after 1 s with the same token', () => {
    const { state, effects } = run([session('ro-1'), { type: 'opened', generation: 1 }, { type: 'closed', generation: 1, code: 1006 }]);
    expect(last(effects)).toEqual({ type: 'scheduleRetry', generation: 1, ms: 1000 });
    expect(state.status).toBe('waiting');
    expect(last(channelStep(state, { type: 'retry', generation: 1 }).effects)).toEqual({ type: 'connect', generation: 2, token: 'ro-1' });
  });

  it('failures in a row wait 1, 2, 4, 8, 16 s and then 30 s at most', () => {
    const inputs: ChannelInput[] = [session('ro-1')];
    for (let generation = 1; generation <= 7; generation++)
      inputs.push({ type: 'closed', generation, code: 1006 }, { type: 'retry', generation });
    const waits = run(inputs).effects.flatMap((e) => (e.type === 'scheduleRetry' ? [e.ms] : []));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('a socket that opened starts the count again', () => {
    const { effects } = run([
      session('ro-1'),
      { type: 'closed', generation: 1, code: 1006 },
      { type: 'retry', generation: 1 },
      { type: 'closed', generation: 2, code: 1006 },
      { type: 'retry', generation: 2 },
      { type: 'opened', generation: 3 },
      { type: 'closed', generation: 3, code: 1011 },
    ]);
    expect(effects.flatMap((e) => (e.type === 'scheduleRetry' ? [e.ms] : []))).toEqual([1000, 2000, 1000]);
  });

  it('the wait is spread by up to a fifth at random, so tabs do not knock together', () => {
    expect(backoffMs(1, 0)).toBe(1000);
    expect(backoffMs(1, 1)).toBe(800);
    expect(backoffMs(3, 0.5)).toBe(3600);
    expect(backoffMs(20, 0)).toBe(30_000);
  });

  it('a close the server gives for an ended session (4001) is not retried with the dead token; a new token reconnects', () => {
    const ended = run([session('ro-1'), { type: 'opened', generation: 1 }, { type: 'closed', generation: 1, code: 4001 }]);
    expect(ended.state.status).toBe('ended');
    expect(ended.effects.filter((e) => e.type === 'scheduleRetry')).toEqual([]);
    expect(channelStep(ended.state, session('ro-1')).effects).toEqual([]);
    expect(last(channelStep(ended.state, session('ro-2')).effects)).toEqual({ type: 'connect', generation: 2, token: 'ro-2' });
  });

  it('a refused handshake (the browser reports 1006) is retried like any drop', () => {
    const { effects } = run([session('ro-1'), { type: 'closed', generation: 1, code: 1006 }]);
    expect(last(effects)).toMatchObject({ type: 'scheduleRetry', ms: 1000 });
  });
});
