// OpenAPI decorators for path parameters that take one of a fixed set of values (an operation name, a
// workflow event, an action): the document lists them as an enum, read from the same constants and machine
// definitions the routes check against, so the two cannot drift. Description only: none of them changes
// what a route does (a value outside the set is refused by the route as before).
import { ApiParam } from '@nestjs/swagger';
import { catalogueEntry } from '@binaan/workflows';
import type { WorkflowEventName, WorkflowResource } from '@binaan/contracts';

/** A path parameter taking one of `values`. */
export const ApiPathValues = (name: string, values: readonly string[], description: string) =>
  ApiParam({ name, description, enum: [...values] });

/** The events a route's `actions/{event}` may send to these machines: each machine's events but Create (made by its own route). */
export function actionEvents(machines: readonly WorkflowResource[]): WorkflowEventName[] {
  return [...new Set(machines.flatMap((machine) => catalogueEntry(machine).events))].filter((event) => event !== 'Create');
}

/** `actions/{event}` of a route driven by workflow machines. */
export const ApiActionEvent = (...machines: WorkflowResource[]) =>
  ApiPathValues(
    'event',
    actionEvents(machines),
    `A workflow event of the ${machines.join(' or ')} machine (GET /api/workflows/{resource} lists which each status allows)`,
  );
