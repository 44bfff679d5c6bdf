// Fastify's logger of one request (request.log: its error lines, a route's own warnings), made only when
// something logs through it. Fastify makes one for every request (a pino child bound to the request id),
// and pino runs the process's redaction over the bindings as it makes it: about 1% of a workflow action's
// CPU in the BQ bench's profile, for a logger that a request that goes well never uses (its one line is
// request-logging.ts's). The child made on first use is the one Fastify would have made: same bindings,
// options and redaction.
import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

class LazyRequestLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  // pino's log methods are overloaded: each call is passed on as it came, with the child as `this`.
  fatal(...args: unknown[]): void {
    Reflect.apply(this.real.fatal, this.real, args);
  }

  error(...args: unknown[]): void {
    Reflect.apply(this.real.error, this.real, args);
  }

  warn(...args: unknown[]): void {
    Reflect.apply(this.real.warn, this.real, args);
  }

  info(...args: unknown[]): void {
    Reflect.apply(this.real.info, this.real, args);
  }

  debug(...args: unknown[]): void {
    Reflect.apply(this.real.debug, this.real, args);
  }

  trace(...args: unknown[]): void {
    Reflect.apply(this.real.trace, this.real, args);
  }

  silent(...args: unknown[]): void {
    Reflect.apply(this.real.silent, this.real, args);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: the request's logger, made when first used. */
export function lazyRequestLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger {
  // Every method Fastify checks for (validateLogger) and request.log's callers use.
  return new LazyRequestLogger(parent, bindings, options);
}
