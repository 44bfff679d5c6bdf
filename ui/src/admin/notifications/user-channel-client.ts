// The browser side of the user channel (signed-in-area.md §4.6, §7): a websocket to USER_CHANNEL_PATH
// with the read-only token as query `t`. It carries out channel-rules.ts: connects when there is a token,
// reconnects with backoff after an unexpected close, reconnects when the company or token changes, and
// closes when there is no token. Messages are passed on only when they have the channel's shape.
import { showErased } from '../../shared/i18n/erased.js';
import { USER_CHANNEL_PATH, type UserChannelMessage } from '@binaan/contracts';
import { channelStep, INITIAL_CHANNEL, type ChannelEffect, type ChannelInput, type ChannelState } from './channel-rules.js';

/** The part of a WebSocket the client uses (a fake one in the tests). */
export type ChannelSocket = {
  onopen: (() => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: (() => void) | null;
  close(code?: number, reason?: string): void;
};

export type ChannelDeps = {
  open(url: string): ChannelSocket;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  random(): number;
  /** Where the channel is (same origin as the page; ws or wss by the page's scheme). */
  url(token: string): string;
};

export type ChannelHandlers = {
  onMessage(message: UserChannelMessage): void;
  /**
   * A socket opened. After a retry, pushes may have been missed while it was down, so the caller refreshes
   * the count (`reconnected`); the first socket of a session needs no refresh beyond the start-up one.
   */
  onOpen?(reconnected: boolean): void;
  /** The channel's status changed (the bell shows whether it is live). */
  onStatus?(status: ChannelState['status']): void;
};

export function browserChannelDeps(): ChannelDeps {
  return {
    open: (url) => new WebSocket(url) as unknown as ChannelSocket,
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    random: Math.random,
    url: (token) =>
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${USER_CHANNEL_PATH}?t=${encodeURIComponent(token)}`,
  };
}

export function parseChannelMessage(data: unknown): UserChannelMessage | null {
  if (typeof data !== 'string') return null;
  try {
    // A forgotten actor reads in the reader's language, as in every reply (shared/i18n/erased.ts).
    const value = showErased(JSON.parse(data) as Partial<UserChannelMessage> | null);
    if (
      !value ||
      typeof value !== 'object' ||
      typeof value.module !== 'string' ||
      typeof value.messageType !== 'string' ||
      typeof value.newCount !== 'number'
    )
      return null;
    const body = value.messageBody && typeof value.messageBody === 'object' ? value.messageBody : {};
    return { ...value, messageBody: body } as UserChannelMessage;
  } catch {
    return null;
  }
}

export class UserChannelClient {
  private state: ChannelState = INITIAL_CHANNEL;
  private readonly sockets = new Map<number, ChannelSocket>();
  private timer: unknown = null;
  private disposed = false;
  /** Generations opened by a retry (their open is a reconnection). */
  private readonly retried = new Set<number>();

  constructor(
    private readonly handlers: ChannelHandlers,
    private readonly deps: ChannelDeps = browserChannelDeps(),
  ) {}

  /** The session's read-only token and chosen company; call on every change (and with null on sign-out). */
  setSession(token: string | null, company: string | null): void {
    this.dispatch({ type: 'session', token, company });
  }

  get status(): ChannelState['status'] {
    return this.state.status;
  }

  dispose(): void {
    this.dispatch({ type: 'session', token: null, company: null });
    this.disposed = true;
  }

  private dispatch(input: ChannelInput): void {
    if (this.disposed) return;
    const step = channelStep(this.state, input, this.deps.random());
    const before = this.state.status;
    this.state = step.state;
    if (step.state.status !== before) this.handlers.onStatus?.(step.state.status);
    for (const effect of step.effects) {
      if (effect.type === 'connect' && input.type === 'retry') this.retried.add(effect.generation);
      this.apply(effect);
    }
  }

  private apply(effect: ChannelEffect): void {
    switch (effect.type) {
      case 'connect':
        this.connect(effect.generation, effect.token);
        return;
      case 'close': {
        const socket = this.sockets.get(effect.generation);
        this.sockets.delete(effect.generation);
        socket?.close(1000, 'client done');
        return;
      }
      case 'scheduleRetry':
        this.cancelTimer();
        this.timer = this.deps.setTimer(() => {
          this.timer = null;
          this.dispatch({ type: 'retry', generation: effect.generation });
        }, effect.ms);
        return;
      case 'cancelRetry':
        this.cancelTimer();
    }
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }

  private connect(generation: number, token: string): void {
    let socket: ChannelSocket;
    try {
      socket = this.deps.open(this.deps.url(token));
    } catch {
      // A socket that cannot even be made (a bad URL) counts as an unexpected close.
      queueMicrotask(() => this.dispatch({ type: 'closed', generation, code: 1006 }));
      return;
    }
    this.sockets.set(generation, socket);
    socket.onopen = () => {
      this.dispatch({ type: 'opened', generation });
      if (this.state.generation === generation && this.state.status === 'open') this.handlers.onOpen?.(this.retried.has(generation));
    };
    socket.onmessage = (event) => {
      if (this.state.generation !== generation) return;
      const message = parseChannelMessage(event.data);
      if (message) this.handlers.onMessage(message);
    };
    socket.onerror = () => undefined; // a close always follows; the close decides
    socket.onclose = (event) => {
      this.sockets.delete(generation);
      this.retried.delete(generation);
      this.dispatch({ type: 'closed', generation, code: event.code });
    };
  }
}
