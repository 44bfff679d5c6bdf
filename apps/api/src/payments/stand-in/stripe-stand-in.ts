// A stand-in for Stripe on loopback, for development and tests (Stripe itself cannot be reached from here):
// the part of Stripe's HTTP API the adapter uses (POST and GET /v1/checkout/sessions, bearer secret key,
// form-encoded bodies, Stripe's JSON objects and error shape), a hosted payment page where the payer picks
// card or FPX and pays, and the webhook Stripe then sends: `checkout.session.completed`, signed as Stripe
// signs (`Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "t.body" with the endpoint secret>`), retried while
// the endpoint does not answer 2xx. Nothing here is Binaan's logic; the adapter cannot tell it from Stripe.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nestedForm, type FormValue } from './form-body.js';

export type StandInSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_method_types: string[];
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  created: number;
  livemode: false;
};
export type Delivery = { eventId: string; type: string; status: number | null; body: string; signature: string };

export type StripeStandIn = {
  url: string;
  sessions: Map<string, StandInSession>;
  deliveries: Delivery[];
  /** Where webhooks go (set once the api listens). */
  setWebhookUrl(url: string): void;
  /** A Stripe event of the session, signed with the endpoint secret at `signedAt` (tests forge, replay or age it). */
  signedEvent(session: StandInSession, type: string, signedAt?: Date, eventId?: string): { body: string; signature: string };
  /** Pays the session as the payer would on the page (method 'card' or 'fpx'), then delivers the webhook. */
  pay(sessionId: string, method?: string): Promise<Delivery | null>;
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
export const stripeSignature = (secret: string, body: string, at: Date) => {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
};

const text = (value: FormValue | undefined): string | null => (typeof value === 'string' ? value : null);
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `now`: the time the stand-in signs at (the api's clock, so a test's or a demo's moved clock reads its callbacks as fresh). */
export async function startStripeStandIn(options: {
  secretKey: string;
  webhookSecret: string;
  webhookUrl?: string;
  host?: string;
  port?: number;
  now?: () => Date;
}): Promise<StripeStandIn> {
  const now = options.now ?? (() => new Date());
  const sessions = new Map<string, StandInSession>();
  const deliveries: Delivery[] = [];
  let webhookUrl = options.webhookUrl ?? null;
  let base = '';

  const signedEvent: StripeStandIn['signedEvent'] = (session, type, signedAt = now(), eventId = id('evt')) => {
    const body = JSON.stringify(
      {
        id: eventId,
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: Math.floor(signedAt.getTime() / 1000),
        livemode: false,
        pending_webhooks: 1,
        type,
        data: { object: session },
      },
      null,
      2,
    );
    return { body, signature: stripeSignature(options.webhookSecret, body, signedAt) };
  };

  async function deliver(session: StandInSession): Promise<Delivery | null> {
    if (!webhookUrl) return null;
    const { body, signature } = signedEvent(session, 'checkout.session.completed');
    const delivery: Delivery = {
      eventId: (JSON.parse(body) as { id: string }).id,
      type: 'checkout.session.completed',
      status: null,
      body,
      signature,
    };
    deliveries.push(delivery);
    // As Stripe, the same event (same id) is sent again until the endpoint answers 2xx.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        const reply = await fetch(webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': signature,
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body,
        });
        delivery.status = reply.status;
        if (reply.ok) break;
      } catch {
        delivery.status = null;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
    return delivery;
  }

  async function pay(sessionId: string, method = 'card'): Promise<Delivery | null> {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open') return null;
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi'), payment_method_types: [method] });
    return deliver(session);
  }

  const api = async (req: IncomingMessage, res: ServerResponse, body: string) => {
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(value));
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const found = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && found) {
      const session = sessions.get(found[1]!);
      return session
        ? json(200, session)
        : json(404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${found[1]}'` },
          });
    }
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      const form = nestedForm(body);
      const item = (Array.isArray(form.line_items) ? form.line_items[0] : undefined) as Record<string, FormValue> | undefined;
      const price = item?.price_data as Record<string, FormValue> | undefined;
      const amount = Number(text(price?.unit_amount) ?? NaN) * Number(text(item?.quantity) ?? 1);
      const currency = text(price?.currency);
      const success = text(form.success_url);
      const cancel = text(form.cancel_url);
      if (!Number.isInteger(amount) || amount <= 0 || !currency || !success || !cancel) {
        return json(400, {
          error: { type: 'invalid_request_error', message: 'Missing required param: line_items, success_url or cancel_url.' },
        });
      }
      const sessionId = id('cs');
      const session: StandInSession = {
        id: sessionId,
        object: 'checkout.session',
        mode: text(form.mode) ?? 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency,
        client_reference_id: text(form.client_reference_id),
        metadata: Object.fromEntries(
          Object.entries((form.metadata ?? {}) as Record<string, FormValue>).map(([k, v]) => [
            k,
            typeof v === 'string' ? v : JSON.stringify(v),
          ]),
        ),
        payment_method_types: Array.isArray(form.allowed_payment_method_types) ? form.allowed_payment_method_types.map(String) : ['card'],
        payment_intent: null,
        success_url: success,
        cancel_url: cancel,
        url: `${base}/pay/${sessionId}`,
        created: Math.floor(now().getTime() / 1000),
        livemode: false,
      };
      sessions.set(sessionId, session);
      return json(200, session);
    }
    return json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url}).` } });
  };

  // The hosted payment page: what Stripe Checkout shows the payer, reduced to choosing a method and paying.
  const page = async (req: IncomingMessage, res: ServerResponse, body: string) => {
    const found = /^\/pay\/([\w-]+)$/.exec((req.url ?? '').split('?')[0]!);
    const session = found ? sessions.get(found[1]!) : undefined;
    if (!session) return res.writeHead(404, { 'content-type': 'text/plain' }).end('No such checkout session.');
    if (req.method === 'POST') {
      const method = new URLSearchParams(body).get('method') === 'fpx' ? 'fpx' : 'card';
      if (session.status === 'open') await pay(session.id, method);
      return res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) }).end();
    }
    const amount = `${session.currency.toUpperCase()} ${(session.amount_total / 100).toFixed(2)}`;
    const reference = escape(session.client_reference_id ?? session.id);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Pay ${reference}: test payment page</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}fieldset{border:1px solid #767676;padding:1rem}button{font-size:1rem;padding:.6rem 1.2rem;background:#0a4fa3;color:#fff;border:0;border-radius:4px}a{color:#0a4fa3}</style></head>
<body><main><h1>Test payment page</h1><p>A stand-in for Stripe Checkout: no money moves.</p>
<p>Pay <strong data-testid="stand-in-amount">${escape(amount)}</strong> for ${reference}.</p>
<form method="post"><fieldset><legend>Payment method</legend>
<p><input type="radio" id="card" name="method" value="card" checked> <label for="card">Card</label></p>
<p><input type="radio" id="fpx" name="method" value="fpx"> <label for="fpx">FPX online banking</label></p></fieldset>
<p><button type="submit">Pay ${escape(amount)}</button></p></form>
<p><a href="${escape(session.cancel_url)}">Cancel and go back</a></p></main></body></html>`);
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const handler = (req.url ?? '').startsWith('/v1/') ? api : page;
      handler(req, res, body).catch(() => res.writeHead(500).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  base = `http://${options.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    sessions,
    deliveries,
    signedEvent,
    pay,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
