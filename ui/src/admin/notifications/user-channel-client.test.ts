// The channel client against a fake socket and fake timers: the token in `t`, messages passed on only in
// the channel's shape, reconnection after a drop (with the count refreshed then), and the session's
// changes (company, token, sign-out) driving the socket.
import { describe, expect, it } from 'vitest';
import type { UserChannelMessage } from '@binaan/contracts';
import { UserChannelClient, type ChannelDeps, type ChannelSocket } from './user-channel-client.js';

class FakeSocket implements ChannelSocket {
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  closedWith: number | null = null;
  constructor(readonly url: string) {}
  close(code = 1000) {
    if (this.closedWith !== null) return;
    this.closedWith = code;
    queueMicrotask(() => this.onclose?.({ code }));
  }
  /** The server or the network ends it. */
  drop(code: number) {
    this.closedWith = code;
    this.onclose?.({ code });
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const deps: ChannelDeps = {
    open: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    setTimer: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => void ((timer as { cancelled: boolean }).cancelled = true),
    random: () => 0,
    url: (token) => `ws://binaan.test/api/ws/user?t=${encodeURIComponent(token)}`,
  };
  const messages: UserChannelMessage[] = [];
  const opens: boolean[] = [];
  const client = new UserChannelClient({ onMessage: (m) => messages.push(m), onOpen: (reconnected) => opens.push(reconnected) }, deps);
  const pending = () => timers.filter((t) => !t.cancelled);
  const fire = () => {
    const next = pending()[0]!;
    next.cancelled = true;
    next.run();
  };
  return { client, sockets, timers, pending, fire, messages, opens };
}

const push = (newCount: number) =>
  JSON.stringify({
    module: 'purchaseOrder',
    messageType: 'pendingApproval',
    messageBody: { id: 'n-1', src_id: 'po-1', document_no: 'PO-2026-00001' },
    newCount,
  });

describe('the user channel client', () => {
  it("opens the socket with the read-only token as t and passes on the channel's messages", () => {
    const h = harness();
    h.client.setSession('ro.token/1', 'teguh-bina');
    expect(h.sockets.map((s) => s.url)).toEqual(['ws://binaan.test/api/ws/user?t=ro.token%2F1']);
    h.sockets[0]!.onopen!();
    expect(h.opens).toEqual([false]);
    h.sockets[0]!.onmessage!({ data: push(3) });
    h.sockets[0]!.onmessage!({ data: 'not json' });
    h.sockets[0]!.onmessage!({ data: JSON.stringify({ module: 'x', messageType: 'y' }) });
    expect(h.messages.map((m) => [m.messageType, m.newCount])).toEqual([['pendingApproval', 3]]);
  });

  it('reconnects after an unexpected close, after a wait, and says it reconnected', () => {
    const h = harness();
    h.client.setSession('ro-1', 'teguh-bina');
    h.sockets[0]!.onopen!();
    h.sockets[0]!.drop(1006);
    expect(h.sockets).toHaveLength(1);
    expect(h.pending().map((t) => t.ms)).toEqual([1000]);
    h.fire();
    expect(h.sockets).toHaveLength(2);
    expect(h.sockets[1]!.url).toContain('t=ro-1');
    h.sockets[1]!.onopen!();
    expect(h.opens).toEqual([false, true]);
    expect(h.client.status).toBe('open');
  });

  it("reconnects with the new token when the company changes; the old socket's close starts no retry", async () => {
    const h = harness();
    h.client.setSession('ro-1', 'teguh-bina');
    h.sockets[0]!.onopen!();
    h.client.setSession('ro-2', 'seri-hartanah');
    expect(h.sockets[0]!.closedWith).toBe(1000);
    expect(h.sockets[1]!.url).toContain('t=ro-2');
    await Promise.resolve();
    expect(h.pending()).toEqual([]);
    // A message still in flight on the old socket is not taken.
    h.sockets[0]!.onmessage?.({ data: push(9) });
    expect(h.messages).toEqual([]);
  });

  it('closes when there is no token, and stays closed', async () => {
    const h = harness();
    h.client.setSession('ro-1', 'teguh-bina');
    h.sockets[0]!.onopen!();
    h.client.setSession(null, null);
    expect(h.sockets[0]!.closedWith).toBe(1000);
    await Promise.resolve();
    expect(h.pending()).toEqual([]);
    expect(h.sockets).toHaveLength(1);
    expect(h.client.status).toBe('idle');
  });

  it('a retry pending when the user signs out never fires', () => {
    const h = harness();
    h.client.setSession('ro-1', 'teguh-bina');
    h.sockets[0]!.drop(1006);
    h.client.setSession(null, null);
    expect(h.pending()).toEqual([]);
  });

  it('a session the server ended (4001) is not knocked on again until a new token comes', () => {
    const h = harness();
    h.client.setSession('ro-1', 'teguh-bina');
    h.sockets[0]!.onopen!();
    h.sockets[0]!.drop(4001);
    expect(h.pending()).toEqual([]);
    h.client.setSession('ro-2', 'teguh-bina');
    expect(h.sockets.map((s) => s.url.split('t=')[1])).toEqual(['ro-1', 'ro-2']);
  });

  it('disposing closes the socket', () => {
    const h = harness();
    h.client.setSession('ro-1', 'teguh-bina');
    h.client.dispose();
    expect(h.sockets[0]!.closedWith).toBe(1000);
  });
});
