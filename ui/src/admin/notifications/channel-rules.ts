// The live channel's rules (signed-in-area.md §4.6), pure: what the client does when the session changes,
// when a socket opens or closes, and when a retry timer fires. The driver (user-channel-client.ts) owns
// the real socket and timers and only carries out the effects returned here, so the rules are tested
// without a network. Each socket gets a generation number; news from an older socket is ignored.
import { UserChannelCloseCodes } from '@binaan/contracts';

export type ChannelStatus = 'idle' | 'connecting' | 'open' | 'waiting' | 'ended';

export type ChannelState = {
  status: ChannelStatus;
  token: string | null;
  company: string | null;
  /** The generation of the socket in use (or last used). */
  generation: number;
  /** Failed attempts in a row: the backoff grows with it; an opened socket resets it. */
  failures: number;
};

export type ChannelInput =
  | { type: 'session'; token: string | null; company: string | null }
  | { type: 'opened'; generation: number }
  | { type: 'closed'; generation: number; code: number }
  | { type: 'retry'; generation: number };

export type ChannelEffect =
  | { type: 'connect'; generation: number; token: string }
  | { type: 'close'; generation: number }
  | { type: 'scheduleRetry'; generation: number; ms: number }
  | { type: 'cancelRetry' };

export const INITIAL_CHANNEL: ChannelState = { status: 'idle', token: null, company: null, generation: 0, failures: 0 };

/** Backoff after the nth failure in a row: 1 s, 2 s, 4 s ... up to 30 s, less up to a fifth at random so tabs spread out. */
export const BACKOFF_FIRST_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;
export function backoffMs(failures: number, random: number): number {
  const full = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(full * (1 - 0.2 * Math.min(1, Math.max(0, random))));
}

type Step = { state: ChannelState; effects: ChannelEffect[] };

const hasSocket = (status: ChannelStatus) => status === 'connecting' || status === 'open';

function connect(state: ChannelState, token: string, company: string | null, failures = 0): Step {
  const generation = state.generation + 1;
  const effects: ChannelEffect[] = [{ type: 'cancelRetry' }];
  if (hasSocket(state.status)) effects.push({ type: 'close', generation: state.generation });
  effects.push({ type: 'connect', generation, token });
  return { state: { status: 'connecting', token, company, generation, failures }, effects };
}

/** One step of the channel: the new state and what to do. `random` (0..1) spreads the retry delay. */
export function channelStep(state: ChannelState, input: ChannelInput, random = 0): Step {
  switch (input.type) {
    case 'session': {
      if (!input.token) {
        // No token (signed out, or not yet signed in): no socket and no retry.
        const effects: ChannelEffect[] = [{ type: 'cancelRetry' }];
        if (hasSocket(state.status)) effects.push({ type: 'close', generation: state.generation });
        return { state: { ...state, status: 'idle', token: null, company: input.company }, effects };
      }
      const same = input.token === state.token && input.company === state.company;
      if (same && state.status !== 'idle') return { state, effects: [] };
      return connect(state, input.token, input.company);
    }
    case 'opened':
      if (input.generation !== state.generation || state.status !== 'connecting') return { state, effects: [] };
      return { state: { ...state, status: 'open', failures: 0 }, effects: [] };
    case 'closed': {
      if (input.generation !== state.generation || !hasSocket(state.status)) return { state, effects: [] };
      // The server ended this session (logout, company switch, inactivity): the token is dead, so wait for
      // the session to bring a new one rather than knock with the old one.
      if (input.code === UserChannelCloseCodes.sessionEnded) return { state: { ...state, status: 'ended' }, effects: [] };
      const failures = state.failures + 1;
      return {
        state: { ...state, status: 'waiting', failures },
        effects: [{ type: 'scheduleRetry', generation: state.generation, ms: backoffMs(failures, random) }],
      };
    }
    case 'retry':
      if (input.generation !== state.generation || state.status !== 'waiting' || !state.token) return { state, effects: [] };
      return connect(state, state.token, state.company, state.failures);
  }
}
