import {
  WorkflowAuthorityScopes,
  WorkflowResourceNames,
  workflowStatusLabelKey,
  type WorkflowAuthorityScope,
  type WorkflowCommandField,
  type WorkflowEventName,
  type WorkflowResource,
} from '@binaan/contracts';
import { NO_DOCUMENT, type WorkflowDefinition } from './define-workflow.js';
import { workflowDefinitions } from './machines/registry.js';
import { metaOf, stateKeys, targetOf, transitionsOf } from './transitions.js';

/** The definition a document created under `version` keeps using; undefined for an unknown version. */
export function definitionFor<R extends WorkflowResource>(resource: R, version: number): WorkflowDefinition<R> | undefined {
  return (workflowDefinitions[resource] as readonly WorkflowDefinition<R>[]).find((d) => d.version === version);
}

/** The newest definition: new documents are created under it. */
export function latestDefinition<R extends WorkflowResource>(resource: R): WorkflowDefinition<R> {
  const versions = workflowDefinitions[resource] as readonly WorkflowDefinition<R>[];
  const latest = versions[versions.length - 1];
  if (!latest) throw new Error(`no machine for ${resource}`);
  return latest;
}

export type CatalogueState = {
  status: string;
  labelKey: string;
  /** True when nothing leaves the status. */
  final: boolean;
  /** True for the statuses Create may lead to. */
  initial: boolean;
};

export type CatalogueTransition = {
  /** null: the document does not exist yet (Create). */
  from: string | null;
  event: WorkflowEventName;
  to: string;
  guard: string;
  labelKey: string;
  requiredFields: readonly WorkflowCommandField[];
  /** TransitionMeta.betweenCompanies: what a counterparty sees of the history once the document is shared with it. */
  betweenCompanies: boolean;
};

/** What `GET /api/workflows/<resource>` answers and the ui draws its tabs and buttons from. */
export type CatalogueEntry = {
  resource: WorkflowResource;
  version: number;
  /** Every version still known, so old documents keep reading as they were decided. */
  versions: readonly number[];
  authorityScope: WorkflowAuthorityScope;
  states: readonly CatalogueState[];
  events: readonly WorkflowEventName[];
  transitions: readonly CatalogueTransition[];
  decisions: readonly string[];
};

const entries = new Map<string, CatalogueEntry>();

/** The catalogue entry of one resource at one version (the latest by default). */
export function catalogueEntry(resource: WorkflowResource, version?: number): CatalogueEntry {
  const definition = version === undefined ? latestDefinition(resource) : definitionFor(resource, version);
  if (!definition) throw new Error(`no machine version ${version} for ${resource}`);
  const key = `${resource}@${definition.version}`;
  const cached = entries.get(key);
  if (cached) return cached;
  const { machine } = definition;
  const transitions: CatalogueTransition[] = transitionsOf(machine).map(({ from, transition }) => {
    const meta = metaOf(transition);
    return {
      from: from === NO_DOCUMENT ? null : from,
      event: transition.eventType as WorkflowEventName,
      to: targetOf(transition),
      guard: meta.guardText,
      labelKey: meta.labelKey,
      requiredFields: meta.requiredFields,
      betweenCompanies: meta.betweenCompanies,
    };
  });
  const states = stateKeys(machine)
    .filter((s) => s !== NO_DOCUMENT)
    .map((status) => ({
      status,
      labelKey: workflowStatusLabelKey(resource, status),
      final: !transitions.some((t) => t.from === status),
      initial: transitions.some((t) => t.from === null && t.to === status),
    }));
  const entry: CatalogueEntry = {
    resource,
    version: definition.version,
    versions: workflowDefinitions[resource].map((d) => d.version),
    authorityScope: WorkflowAuthorityScopes[resource],
    states,
    events: [...new Set(transitions.map((t) => t.event))],
    transitions,
    decisions: definition.decisions,
  };
  entries.set(key, entry);
  return entry;
}

/** Every resource's catalogue entry, in the spec's order. */
export function workflowCatalogue(): CatalogueEntry[] {
  return WorkflowResourceNames.map((resource) => catalogueEntry(resource));
}
