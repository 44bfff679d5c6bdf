// Prometheus metrics (prom-client), one registry per application:
// - binaan_http_requests_total and binaan_http_request_duration_seconds by method, route and status: the
//   route is Fastify's pattern (/api/documents/:type/:id), never the raw URL, so ids do not make a series each;
//   a URL no route matched counts as "unmatched";
// - binaan_event_appends_total / binaan_events_appended_total: appends made by this process and the events in them;
// - binaan_subscription_lag_events: events in the log not yet handled, per subscription this process runs
//   (notifications and approval-queue: on the first worker only; live-feed: every process's own reader);
// - binaan_websocket_connections: user-channel sockets open on this process;
// - prom-client's default process metrics (CPU, memory, event loop lag, handles), prefixed binaan_.
// With API_WORKERS above 1 each worker keeps its own registry and /metrics answers the whole cluster's, summed
// by the primary (cluster-metrics.ts); the lag is the largest of the workers', not their sum.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EventStore } from '@binaan/event-store';

export type MetricsSources = {
  sockets(): number;
  /** Each subscription this process runs and the position it has handled up to. */
  subscriptions(): { name: string; position: number }[];
  lastPosition(): Promise<number>;
};

export class Metrics {
  readonly registry = new Registry();
  private sources: MetricsSources | null = null;
  private readonly requests = new Counter({
    name: 'binaan_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'binaan_http_request_duration_seconds',
    help: 'Time from request to reply sent, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly appends = new Counter({
    name: 'binaan_event_appends_total',
    help: 'Appends to the event store made by this process',
    registers: [this.registry],
  });
  private readonly appendedEvents = new Counter({
    name: 'binaan_events_appended_total',
    help: 'Events appended by this process, by stream type',
    labelNames: ['stream_type'],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'binaan_' });
    const sources = () => this.sources;
    new Gauge({
      name: 'binaan_websocket_connections',
      help: 'User-channel websockets open on this process',
      registers: [this.registry],
      collect() {
        this.set(sources()?.sockets() ?? 0);
      },
    });
    new Gauge({
      name: 'binaan_subscription_lag_events',
      help: 'Events in the log after the position a subscription has handled',
      labelNames: ['subscription'],
      registers: [this.registry],
      aggregator: 'max',
      async collect() {
        const from = sources();
        if (!from) return;
        let last: number;
        try {
          last = await from.lastPosition();
        } catch {
          return; // the store does not answer: no figure rather than a wrong one (/api/health/ready says why)
        }
        for (const { name, position } of from.subscriptions()) this.set({ subscription: name }, Math.max(0, last - position));
      },
    });
  }

  /** Tells the gauges where to read (create-app.ts, once the application is built). */
  watch(sources: MetricsSources): void {
    this.sources = sources;
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  /** Counts every append the store makes for this process (the store object itself is kept: others test its class). */
  countAppends(store: EventStore): void {
    const append = store.append.bind(store);
    store.append = async (request) => {
      const result = await append(request);
      this.appends.inc();
      this.appendedEvents.inc({ stream_type: request.streamType }, request.events.length);
      return result;
    };
  }
}
