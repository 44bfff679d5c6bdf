// A document's approval route: why the round needs the levels it needs (manual and version, the amount, the
// limit applied and the one it crossed, the grants of authority in force), and per level what it needs, who
// approved (and for whom, when a delegate did), who voted to reject, who is awaited, and who may act next.
// Read from the round as the workflow machines keep it and the people the authority context names now.
import type { ApprovalRouteLevel, ApprovalRouteView, AuthorityManualView, RoutePerson, VerifyLevel } from '@binaan/contracts';
import { nextMissingLevel, requiredLevelsFor } from '@binaan/workflows';
import { workflowManual } from '../authority/authority-reads.js';
import type { DocumentActors, Grant } from './document-actor.js';
import type { DocumentState } from './document.state.js';

type Record_ = { level: VerifyLevel; userId: string; at: string; onBehalfOf?: string | null };

const principal = (record: Record_) => record.onBehalfOf ?? record.userId;

/** Whether a grant lets its delegate act for its delegator on this document (kind and amount). */
export function grantCovers(grant: Grant, resource: string, amount: number | null): boolean {
  if (grant.resources !== null && !grant.resources.includes(resource)) return false;
  return grant.upTo === null || (amount !== null && amount <= grant.upTo);
}

export async function approvalRoute(
  state: DocumentState,
  manual: AuthorityManualView | undefined,
  actors: DocumentActors,
): Promise<ApprovalRouteView> {
  const { approval, amount, createdByUserId } = state.workflow.context;
  const levels =
    approval.requiredLevels.length > 0
      ? approval.requiredLevels
      : (requiredLevelsFor(amount, manual ? workflowManual(manual) : undefined) ?? []);
  const nextLevel = approval.open ? nextMissingLevel(approval) : null;
  const rejections = approval.rejections ?? [];
  const escalations = approval.escalations ?? [];
  const holdersByLevel = new Map(
    await Promise.all(approval.requiredLevels.map(async (level) => [level, await actors.holdersOf(state, state.resource, level)] as const)),
  );
  const grants = (await actors.grantsInForce(state.companyId)).filter((grant) => grantCovers(grant, state.resource, amount));
  const ids = [
    ...approval.approvals.flatMap((a) => [a.userId, a.onBehalfOf ?? '']),
    ...rejections.flatMap((r) => [r.userId, r.onBehalfOf ?? '']),
    ...escalations.flatMap((e) => e.userIds),
  ].filter(Boolean);
  const names = (await actors.names(ids, [])).users;
  const person = (userId: string): RoutePerson => ({ userId, name: names.get(userId) ?? null });
  const acted = new Set([...approval.approvals, ...rejections].flatMap((r) => [r.userId, principal(r)]));
  const mayApprove = (userId: string) => !acted.has(userId) && (approval.allowSelfApproval || userId !== createdByUserId);

  const routeLevels: ApprovalRouteLevel[] = approval.requiredLevels.map((level) => {
    const rule = approval.levelRules?.find((r) => r.level === level);
    const manualLevel = manual?.levels.find((l) => l.level === level);
    const holders = holdersByLevel.get(level) ?? [];
    const approvedBy = approval.approvals.filter((a) => a.level === level);
    const short = approvedBy.length < (rule?.need ?? 1);
    return {
      level,
      need: rule?.need ?? 1,
      quorum: manualLevel?.quorum ?? 'any',
      rejectRule: rule?.rejectRule ?? 'one',
      holders: holders.map((h) => ({ userId: h.userId, name: h.name })),
      approvedBy: approvedBy.map((a) => ({ ...person(a.userId), at: a.at, onBehalfOf: a.onBehalfOf ? person(a.onBehalfOf) : null })),
      rejectedBy: rejections
        .filter((r) => r.level === level)
        .map((r) => ({ ...person(r.userId), at: r.at, onBehalfOf: r.onBehalfOf ? person(r.onBehalfOf) : null })),
      awaited: approval.open && short ? holders.filter((h) => !acted.has(h.userId)).map((h) => ({ userId: h.userId, name: h.name })) : [],
      escalatedTo: escalations.filter((e) => e.level === level).flatMap((e) => e.userIds.map(person)),
    };
  });

  const mayActNext: ApprovalRouteView['mayActNext'] = [];
  if (nextLevel !== null) {
    const holders = holdersByLevel.get(nextLevel) ?? (await actors.holdersOf(state, state.resource, nextLevel));
    const seen = new Set<string>();
    for (const holder of holders.filter((h) => mayApprove(h.userId))) {
      seen.add(holder.userId);
      mayActNext.push({ userId: holder.userId, name: holder.name });
    }
    // A delegate acts for a holder who has not acted, where their own level does not already let them.
    for (const grant of grants) {
      if (!holders.some((h) => h.userId === grant.fromUserId) || !mayApprove(grant.fromUserId) || !mayApprove(grant.toUserId)) continue;
      if (seen.has(grant.toUserId)) continue;
      seen.add(grant.toUserId);
      mayActNext.push({ userId: grant.toUserId, name: grant.toName, onBehalfOf: { userId: grant.fromUserId, name: grant.fromName } });
    }
    for (const escalation of escalations.filter((e) => e.level === nextLevel))
      for (const userId of escalation.userIds)
        if (!seen.has(userId) && mayApprove(userId)) {
          seen.add(userId);
          mayActNext.push({ ...person(userId), escalated: true });
        }
  }

  const sorted = manual ? [...manual.levels].sort((a, b) => a.level - b.level) : [];
  const lastIndex = sorted.findIndex((l) => l.level === levels[levels.length - 1]);
  const holderIds = new Set([...holdersByLevel.values()].flat().map((h) => h.userId));
  return {
    reason: {
      manual: manual ? 'authorityManual' : 'workflowDefault',
      manualVersion: manual?.version ?? null,
      amount: amount === null ? null : amount.toFixed(2),
      limitApplied: lastIndex >= 0 ? (sorted[lastIndex]!.limit ?? null) : null,
      limitCrossed: lastIndex > 0 ? (sorted[lastIndex - 1]!.limit ?? null) : null,
      delegations: grants
        .filter((grant) => holderIds.has(grant.fromUserId))
        .map((grant) => ({
          id: grant.id,
          from: { userId: grant.fromUserId, name: grant.fromName },
          to: { userId: grant.toUserId, name: grant.toName },
          upTo: grant.upTo === null ? null : grant.upTo.toFixed(2),
          endsAt: grant.endsAt,
        })),
    },
    open: approval.open,
    requiredLevels: approval.requiredLevels,
    approvals: approval.approvals.map((a) => ({
      level: a.level,
      userId: a.userId,
      userName: names.get(a.userId) ?? null,
      at: a.at,
      ...(a.onBehalfOf ? { onBehalfOf: person(a.onBehalfOf) } : {}),
    })),
    nextLevel,
    mayActNext,
    levels: routeLevels,
  };
}
