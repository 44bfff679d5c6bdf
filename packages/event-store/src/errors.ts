// Typed errors of the event store. Each has a stable `code` the API maps to a reply (409 for a wrong
// expected revision, 400 for bad input); none of them is a crash.

export class EventStoreError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class WrongExpectedRevision extends EventStoreError {
  constructor(
    readonly streamId: string,
    readonly expected: number | string,
    readonly actual: number | 'no_stream',
  ) {
    super('wrongExpectedRevision', `stream ${streamId}: expected revision ${expected}, actual ${actual}`);
  }
}

/** Bad input: empty stream id, non-JSON data, negative revision, bad UUID, ... */
export class InvalidEventStoreInput extends EventStoreError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super('invalidEventStoreInput', `${field}: ${message}`);
  }
}

/** The event id is already stored somewhere else than where this append would put it. */
export class DuplicateEventId extends EventStoreError {
  constructor(readonly eventId: string) {
    super('duplicateEventId', `event id ${eventId} is already stored at another place`);
  }
}

/** Another process holds the PGlite data directory. */
export class StoreLocked extends EventStoreError {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | null,
  ) {
    super(
      'storeLocked',
      `the data directory ${dataDir} is in use by another Binaan process${holderPid ? ` (pid ${holderPid})` : ''}. ` +
        'Stop it, or set DATA_DIR to another folder.',
    );
  }
}

export class StoreConfigurationError extends EventStoreError {
  constructor(message: string) {
    super('storeConfiguration', message);
  }
}

/**
 * The store cannot be reached now (connection refused or lost, server restarting, a timeout): nothing the
 * caller did wrong, and the outcome of a write that was under way is unknown (a retry with the same event
 * ids, or the same If-Match, is safe). The API answers 503 with Retry-After.
 */
export class StoreUnavailable extends EventStoreError {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super('storeUnavailable', `the event store is not reachable: ${reason}`);
    if (options && 'cause' in options) (this as { cause?: unknown }).cause = options.cause;
  }
}
