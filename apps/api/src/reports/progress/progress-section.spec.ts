// The developer's `progress` section: given planned dates and percents complete recorded at known times, the
// planned and actual percent per project worked out by hand below, at the window's end or as of a time.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openReportTestStore, reportQuery, type ReportTestStore } from '../report-store.testing.js';
import type { ReportQuery } from '../report-section.js';
import { progressReportProjection } from './progress-report.projection.js';
import { measuredAt, progressSection } from './progress-section.js';

// 1 April 12:00 in Malaysia.
const NOW = '2026-04-01T04:00:00.000Z';
const developer = (from: string, to: string, more: Partial<ReportQuery> = {}) => reportQuery('developer', 'D', from, to, NOW, more);

describe('progress report', () => {
  let t: ReportTestStore;
  const draw = async (query: ReportQuery) => (await progressSection.draw(query, t, { allRows: false })).rows;

  beforeAll(async () => {
    t = await openReportTestStore([progressReportProjection]);
    const project = (id: string, company: string, name: string) =>
      t.record('2026-02-01T00:00:00Z', `project-${id}`, 'project', 'ProjectCreated', { projectId: id, companyId: company, name });
    const start = (id: string, company: string) =>
      t.record('2026-02-02T00:00:00Z', `progressPlanning-${id}`, 'progressPlanning', 'ProgressPlanStarted', {
        projectId: id,
        companyId: company,
      });
    const plan = (at: string, id: string, nodeId: string, plannedStart: string | null, plannedEnd: string | null) =>
      t.record(at, `progressPlanning-${id}`, 'progressPlanning', 'ProgressPlanned', { nodeId, plannedStart, plannedEnd });
    const progress = (at: string, id: string, nodeId: string, percentComplete: string) =>
      t.record(at, `progressPlanning-${id}`, 'progressPlanning', 'ProgressRecorded', { nodeId, percentComplete });

    await project('P1', 'D', 'Menara A');
    await project('P2', 'D', 'Jambatan B');
    await project('P3', 'OTHER', 'Not ours');
    await start('P1', 'D');
    await start('P2', 'D');
    await start('P3', 'OTHER');
    // P1: n1 planned 1 to 10 March (10 days), n2 11 March to 9 April (30 days), n3 a start only (not planned).
    await plan('2026-02-03T00:00:00Z', 'P1', 'n1', '2026-03-01', '2026-03-10');
    await plan('2026-02-03T00:00:00Z', 'P1', 'n2', '2026-03-11', '2026-04-09');
    await plan('2026-02-03T00:00:00Z', 'P1', 'n3', '2026-03-01', null);
    await progress('2026-03-06T00:00:00Z', 'P1', 'n1', '80.00');
    await progress('2026-03-06T00:00:00Z', 'P1', 'n3', '50.00');
    await progress('2026-03-20T00:00:00Z', 'P1', 'n2', '10.00');
    await t.record('2026-03-25T00:00:00Z', 'project-P1', 'project', 'ProjectEdited', {
      projectId: 'P1',
      fields: { name: 'Menara A2' },
      by: 'u1',
    });
    await plan('2026-02-03T00:00:00Z', 'P3', 'x', '2026-03-01', '2026-03-02');
  });
  afterAll(async () => t.close());

  it('a window ending today: measured today, from the read model as it stands', async () => {
    expect(measuredAt(developer('2026-03-05', '2026-04-01'))).toEqual({ at: null, day: '2026-04-01' });
    // n1 ended: 100; n2 on 1 April is day 22 of 30: 73.33...; mean 86.66... -> 86.7. Actual (80 + 10) / 2.
    expect(await draw(developer('2026-03-05', '2026-04-01'))).toEqual([
      { project: 'Jambatan B', planned: null, actual: null },
      { project: 'Menara A2', planned: '86.7', actual: '45.0' },
    ]);
  });

  it('a past window: the plans as they stood at its end, measured on its last day', async () => {
    expect(measuredAt(developer('2026-03-01', '2026-03-15'))).toEqual({ at: new Date('2026-03-15T16:00:00Z'), day: '2026-03-15' });
    // n2 on 15 March is day 5 of 30: 16.66...; (100 + 16.66...) / 2 = 58.33... -> 58.3. n2's 10 came on 20 March: (80 + 0) / 2.
    expect(await draw(developer('2026-03-01', '2026-03-15'))).toEqual([
      { project: 'Jambatan B', planned: null, actual: null },
      { project: 'Menara A', planned: '58.3', actual: '40.0' },
    ]);
  });

  it('narrowed to one project', async () => {
    expect(await draw(developer('2026-03-01', '2026-03-15', { projectId: 'P1' }))).toEqual([
      { project: 'Menara A', planned: '58.3', actual: '40.0' },
    ]);
    expect(await draw(developer('2026-03-01', '2026-03-15', { projectId: 'P3' }))).toEqual([]);
  });

  it("as of a time before n2's progress and after it differs by exactly that record (and the day measured)", async () => {
    // 19 March 08:00 in Malaysia: n2 on day 9 of 30 = 30; (100 + 30) / 2 = 65. Actual (80 + 0) / 2.
    expect(await draw(developer('2026-03-05', '2026-04-01', { asOf: new Date('2026-03-19T00:00:00Z'), projectId: 'P1' }))).toEqual([
      { project: 'Menara A', planned: '65.0', actual: '40.0' },
    ]);
    // 21 March: day 11 of 30 = 36.66...; (100 + 36.66...) / 2 = 68.33... -> 68.3. Actual (80 + 10) / 2.
    expect(await draw(developer('2026-03-05', '2026-04-01', { asOf: new Date('2026-03-21T00:00:00Z'), projectId: 'P1' }))).toEqual([
      { project: 'Menara A', planned: '68.3', actual: '45.0' },
    ]);
  });

  it('the same figures live and as of now', async () => {
    const query = developer('2026-03-05', '2026-04-01');
    expect(await progressSection.draw({ ...query, asOf: new Date(NOW) }, t, { allRows: false })).toEqual(
      await progressSection.draw(query, t, { allRows: false }),
    );
  });
});
