export type StoreKind = 'pglite' | 'postgres' | 'kurrentdb';

/** Reply of `GET /api/health`. `position` is the global position of the last committed event (0 when empty). */
export type HealthReply = {
  /** 'ok' from GET /api/health, 'ready' from GET /api/health/ready. */
  status: 'ok' | 'ready';
  store: StoreKind;
  position: number;
};

/** Reply of `GET /api/health/live`: the process serves requests (the store is not consulted). */
export type LivenessReply = { status: 'live'; pid: number; uptimeSeconds: number };
