// The landing page's counters as a fold over events (pure): published events, and certificates that
// count (approved and not revoked). The projection applies the same deltas one event at a time.

export type Counters = { events: number; certificates: number };

export function counterDelta(event: { type: string; data: unknown }): Counters {
  if (event.type === 'EventArticlePublished') return { events: 1, certificates: 0 };
  if (event.type === 'EventCertificateApproved') return { events: 0, certificates: 1 };
  if (event.type === 'EventCertificateRevoked' && (event.data as { wasApproved?: boolean }).wasApproved === true)
    return { events: 0, certificates: -1 };
  return { events: 0, certificates: 0 };
}

export function foldCounters(events: readonly { type: string; data: unknown }[]): Counters {
  return events.reduce(
    (sum, event) => {
      const delta = counterDelta(event);
      return { events: sum.events + delta.events, certificates: sum.certificates + delta.certificates };
    },
    { events: 0, certificates: 0 },
  );
}
