// A context's command carries, as its result type, the reply of the service method its handler calls:
// `extends Command<Resolved<ProjectsService['create']>>`, so the route's reply type stays the service's.
export type Resolved<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;
