export type StoreKind = 'pglite' | 'postgres' | 'kurrentdb';

/** Reply of `GET /api/health`. `position` is the global position of the last committed event (0 when empty). */
export type HealthReply = {
  status: 'ok';
  store: StoreKind;
  position: number;
};
