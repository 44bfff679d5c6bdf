import type { HealthReply } from '@binaan/contracts';

export type HealthView = { state: 'checking' } | { state: 'up'; reply: HealthReply } | { state: 'down' };

export async function fetchHealth(signal?: AbortSignal, fetcher: typeof fetch = fetch): Promise<HealthView> {
  try {
    const response = await fetcher('/api/health', signal ? { signal } : {});
    if (!response.ok) return { state: 'down' };
    return { state: 'up', reply: (await response.json()) as HealthReply };
  } catch {
    return { state: 'down' };
  }
}

const STORE_NAMES: Record<HealthReply['store'], string> = { pglite: 'embedded store', postgres: 'PostgreSQL', kurrentdb: 'KurrentDB' };

export function describeHealth(view: HealthView): string {
  switch (view.state) {
    case 'checking':
      return 'Checking the platform…';
    case 'down':
      return 'The platform is not answering right now.';
    case 'up':
      return `Platform online · ${STORE_NAMES[view.reply.store]} · ${view.reply.position.toLocaleString('en-MY')} events recorded`;
  }
}
