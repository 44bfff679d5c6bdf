// What the contract suite needs from an adapter under test.

import type { Projection } from '../sql/projections.js';
import type { EventStore } from '../types.js';

export type ContractHarness = {
  name: string;
  /** A fresh, empty store. */
  fresh(options?: { projections?: Projection[] }): Promise<EventStore>;
  /** A store that can be closed and opened again on the same data, as after a process restart. */
  restartable(): Promise<{ open(options?: { projections?: Projection[] }): Promise<EventStore> }>;
  /** SQL adapters: run SQL on the store's database behind its back (to tamper, or to inspect). */
  rawSql?: (store: EventStore, text: string) => Promise<Record<string, unknown>[]>;
  /** Whether two transactions can be open at once (PostgreSQL yes; PGlite runs one session). */
  concurrentTransactions: boolean;
  /** SQL adapters run projections in the append's transaction. */
  projections: boolean;
  /** PostgreSQL: opens a transaction on another connection that holds a transaction id and writes no event; returns its end. */
  foreignTransaction?(): Promise<() => Promise<void>>;
  /** Stores that several processes may share (PostgreSQL): two stores open on the same data at once. */
  peers?: () => Promise<[EventStore, EventStore]>;
};

export const actor = { actorUserId: 'user-1', actorCompanyId: 'company-1', correlationId: 'corr-1', causationId: null };

export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}
