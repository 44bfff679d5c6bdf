import { describe, expect, it } from 'vitest';
import type { ProjectHistoryRow } from '@binaan/contracts';
import { kindOfType, replayProject, statusOfTab } from './project-kinds.js';

const row = (
  revision: number,
  subject: ProjectHistoryRow['subject'],
  statusAfter: string | null,
  subjectId: string | null = null,
  subjectName: string | null = null,
): ProjectHistoryRow => ({
  revision,
  at: '2026-03-02T01:00:00.000Z',
  eventType: 'x',
  action: 'x',
  subject,
  subjectId,
  subjectName,
  actor: { userId: null, name: null },
  statusBefore: null,
  statusAfter,
  remark: null,
  approvalLevel: null,
  requiredLevels: null,
  waitingLevel: null,
  hash: '',
  prevHash: '',
  chainVerified: true,
});

describe('project kinds and replay', () => {
  it('maps the spec types: 1 demand, 2 supply, 3 developer; kebab-case tabs to statuses', () => {
    expect([kindOfType(1), kindOfType(2), kindOfType(3)]).toEqual(['demand', 'supply', 'developer']);
    expect(statusOfTab('pending-approval')).toBe('pendingApproval');
    expect(statusOfTab(undefined)).toBeUndefined();
  });

  it('replays the project, member and stage statuses as they stood at a revision', () => {
    const rows = [
      row(0, 'project', null),
      row(1, 'project', 'new'),
      row(2, 'member', 'New', 'u1', 'Kumar'),
      row(3, 'stage', 'onGoing', 's1', 'Piling'),
      row(4, 'member', 'Approved', 'u1', 'Kumar'),
      row(5, 'project', 'pendingApproval'),
      row(6, 'stage', 'onHold', 's1', 'Piling'),
    ];
    expect(replayProject(rows, 0)).toMatchObject({ status: null, members: [], stages: [] });
    expect(replayProject(rows, 3)).toMatchObject({
      status: 'new',
      members: [{ userId: 'u1', status: 'New' }],
      stages: [{ name: 'Piling', status: 'onGoing' }],
    });
    const last = replayProject(rows, 6);
    expect([last.status, last.members[0]!.status, last.stages[0]!.status, last.row?.revision]).toEqual([
      'pendingApproval',
      'Approved',
      'onHold',
      6,
    ]);
  });
});
