import { describe, expect, it } from 'vitest';
import { addressNamesProject } from '../documents/list-follows.js';
import { activeProject, NO_SELECTION } from './project-selection.js';

const menara = { id: 'p1', name: 'Menara Teguh, Block A', code: 'TB-MT-A', status: 'active', projectType: 1 as const };

describe('the selected project', () => {
  it("is the active kind's project, or none", () => {
    expect(activeProject(NO_SELECTION)).toBeNull();
    expect(activeProject({ ...NO_SELECTION, demand: menara })).toBeNull();
    expect(activeProject({ ...NO_SELECTION, active: 'demand', demand: menara })).toEqual({ ...menara, kind: 'demand' });
    expect(activeProject({ ...NO_SELECTION, active: 'supply', demand: menara })).toBeNull();
  });

  it("gives way to a project named in the address (a project page's documents tab)", () => {
    expect(addressNamesProject('')).toBe(false);
    expect(addressNamesProject(`?filter=${encodeURIComponent('{"status":"new"}')}`)).toBe(false);
    expect(addressNamesProject(`?filter=${encodeURIComponent('{"projectId":"p2","status":"new"}')}`)).toBe(true);
    expect(addressNamesProject('?filter=%7Bbroken')).toBe(false);
  });
});
