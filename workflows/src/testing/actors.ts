import { VerifyLevels, WorkflowAuthorityScopes, type AuthorityLevel, type WorkflowResource } from '@binaan/contracts';
import type { Actor } from '../types.js';

// Actors for specifications, benchmarks and the api's tests: a user of a company holding some levels on
// one resource, in the scope the resource takes its authority from.

export const ALL_LEVELS: readonly AuthorityLevel[] = [10, ...VerifyLevels];

export function userWith(resource: WorkflowResource, userId: string, companyId: string, levels: readonly AuthorityLevel[]): Actor {
  const scope = WorkflowAuthorityScopes[resource];
  const assignments = { [resource]: levels };
  return {
    userId,
    companyId,
    kind: 'user',
    authorities: {
      company: scope === 'company' ? assignments : {},
      project: scope === 'project' ? assignments : {},
    },
  };
}

export function adminUser(userId = 'admin-1', companyId = 'PLATFORM'): Actor {
  return { userId, companyId, kind: 'admin', authorities: { company: {}, project: {} } };
}
