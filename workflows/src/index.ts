// @binaan/workflows: one XState machine per status list of the spec, the authority guards, the catalogue,
// and the plain fold used on replay. Pure: no Nest, no database, no I/O (the docs generator aside).
export { decide } from './decide.js';
export { decideOrThrow, WorkflowRefusedError } from './refused-error.js';
export { availableActions } from './available-actions.js';
export { evolve, foldStatusEvents, roundAfter, WorkflowReplayError } from './evolve.js';
export { catalogueEntry, definitionFor, latestDefinition, workflowCatalogue } from './catalogue.js';
export type { CatalogueEntry, CatalogueState, CatalogueTransition } from './catalogue.js';
export { requiredLevelsFor, nextMissingLevel } from './authority.js';
export { initialContext } from './context.js';
export { NO_DOCUMENT } from './define-workflow.js';
export type { WorkflowDefinition } from './define-workflow.js';
export { workflowDefinitions } from './machines/registry.js';
export { SYSTEM_ACTOR } from './types.js';
export { adminUser, userWith, ALL_LEVELS } from './testing/actors.js';
export type {
  Actor,
  ApprovalRecord,
  ApprovalRound,
  AvailableAction,
  MachineEvent,
  TransitionMeta,
  WorkflowCommand,
  WorkflowContext,
  WorkflowDecision,
  WorkflowRefusal,
  WorkflowState,
} from './types.js';
