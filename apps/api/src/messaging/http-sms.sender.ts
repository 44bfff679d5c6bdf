// SMS by an HTTP gateway (SMS_GATEWAY_URL): POST { to, text } as JSON, with a bearer token when one is
// configured. Anything but a 2xx answer within the timeout is an SmsDeliveryFailed, whose message names
// neither the gateway address (it may carry credentials) nor the token.

import type { SmsMessage, SmsSender } from './messaging.ports.js';

export class SmsDeliveryFailed extends Error {
  readonly code = 'smsDeliveryFailed';

  constructor(
    message: string,
    /** The gateway's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsDeliveryFailed';
  }
}

export type HttpSmsSenderOptions = { url: string; token?: string | undefined; timeoutMs?: number };

export class HttpSmsSender implements SmsSender {
  private readonly timeoutMs: number;

  constructor(private readonly options: HttpSmsSenderOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async send(message: SmsMessage): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    const signal = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    try {
      response = await fetch(this.options.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal,
      });
    } catch {
      // The cause of a fetch failure names the address; keep only its kind.
      const kind = signal.aborted ? `no answer within ${this.timeoutMs} ms` : 'could not be reached';
      throw new SmsDeliveryFailed(`SMS gateway ${kind}`);
    }
    // Drain the body so the connection can be reused; its content may echo the message, so it is not kept.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new SmsDeliveryFailed(`SMS gateway answered ${response.status}`, response.status);
  }
}
