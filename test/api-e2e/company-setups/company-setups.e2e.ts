// A company's setups through the API: profit parameters, project categories and regions, questionnaires
// (create, edit, reorder, deactivate, reactivate, history, names unique in any case) and the company's own
// terms (a new version makes every other member accept it at their next company choice, nothing else
// answering until they do). Refusals on the way: bad input, rights, names taken, stale revisions.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newPerson, seedCompany, seedUser, signIn, appendCompanyEvents, type SeededUser } from '../../support/identity.js';
import { FEATURE_STORES } from '../documents/harness.js';
import { itAnsweredEveryCallWithoutAServerError, startIdentityApp, type RunningApp } from '../identity/harness.js';

const SETUP_RIGHTS = [
  'administration.companyProfile.view',
  'administration.companyProfile.update',
  'administration.categoryAndRegion.view',
  'administration.categoryAndRegion.update',
  'administration.termsAndAgreements.view',
  'administration.termsAndAgreements.update',
  'project.create',
  'project.view',
];

describe.each(FEATURE_STORES)("a company's setups on %s", (kind) => {
  let ctx: RunningApp | undefined;
  let keeper: SeededUser;
  let estimator: SeededUser;
  let outsider: SeededUser;
  let companyId = '';
  let keeperToken = '';
  let estimatorToken = '';
  let outsiderToken = '';
  const api = () => ctx!.api;

  const chooseAs = async (person: SeededUser, company: string) => {
    const signedIn = await signIn(ctx!, person);
    return api().get(`company/choose/${company}`, { token: signedIn.jwtToken });
  };

  beforeAll(async () => {
    ctx = await startIdentityApp(kind);
    keeper = await seedUser(ctx, newPerson('keeper'));
    estimator = await seedUser(ctx, newPerson('estimator'));
    outsider = await seedUser(ctx, newPerson('outsider'));
    const company = await seedCompany(ctx, {
      name: 'Setia Binaan Sdn Bhd',
      status: 3,
      roleName: 'Administrator',
      accessRights: SETUP_RIGHTS,
      members: [{ userId: keeper.userId }],
    });
    companyId = company.companyId;
    // The estimator creates projects and reads the tender side, and keeps no setup.
    await appendCompanyEvents(ctx, companyId, [
      {
        type: 'CompanyRoleDefined',
        data: {
          roleId: 'estimator-role',
          name: 'Estimator',
          accessRights: ['project.create', 'project.view', 'project.viewAll', 'tenderManagement.view'],
        },
      },
      { type: 'CompanyUserAssigned', data: { userId: estimator.userId, roleId: 'estimator-role', isSiteTeam: false } },
      { type: 'CompanyAuthorityAssigned', data: { resourceCode: 'project', userId: estimator.userId, level: 10 } },
    ]);
    const other = await seedCompany(ctx, {
      name: 'Lain Lain Sdn Bhd',
      status: 3,
      roleName: 'Administrator',
      accessRights: SETUP_RIGHTS,
      members: [{ userId: outsider.userId }],
    });
    keeperToken = (await chooseAs(keeper, companyId)).body.jwtToken as string;
    estimatorToken = (await chooseAs(estimator, companyId)).body.jwtToken as string;
    outsiderToken = (await chooseAs(outsider, other.companyId)).body.jwtToken as string;
  }, 300_000);
  afterAll(() => ctx?.stop());

  describe('categories and regions', () => {
    let categoryId = '';

    it('given an empty company, when the keeper lists categories, then none, counted', async () => {
      const list = await api().get('company-setups/project-categories', { token: keeperToken });
      expect(list.status).toBe(200);
      expect(list.body).toEqual([]);
      expect(list.headers['content-range']).toBe('project-categories */0');
    });

    it('when the keeper creates a category, then it is active and listed; the same name in another case is refused with itemNameExists', async () => {
      const created = await api().post(
        'company-setups/project-categories',
        { name: '  Commercial   building ', description: 'Offices and shops' },
        { token: keeperToken },
      );
      expect(created.status).toBe(201);
      expect(created.body.item).toMatchObject({
        kind: 'projectCategory',
        name: 'Commercial building',
        description: 'Offices and shops',
        status: 'active',
      });
      categoryId = created.body.item.id as string;
      const again = await api().post('company-setups/project-categories', { name: 'COMMERCIAL BUILDING' }, { token: keeperToken });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ success: false, errorCode: 'itemNameExists' });
      // A region may carry a category's name: each kind is its own list.
      const region = await api().post('company-setups/project-regions', { name: 'Commercial building' }, { token: keeperToken });
      expect(region.status).toBe(201);
      const list = await api().get('company-setups/project-categories', { token: keeperToken });
      expect(list.body.map((row: { id: string }) => row.id)).toEqual([categoryId]);
    });

    it('when a name is missing, too long or an unknown field comes, then 400 naming each field and nothing is recorded', async () => {
      const bad = await api().post(
        'company-setups/project-categories',
        { name: ' ', description: 'x'.repeat(501), colour: 'red' },
        { token: keeperToken },
      );
      expect(bad.status).toBe(400);
      expect(bad.body.errorCode).toBe('validationFailed');
      expect(Object.keys(bad.body.fields).sort()).toEqual(['colour', 'description', 'name']);
      expect((await api().get('company-setups/project-categories', { token: keeperToken })).headers['content-range']).toBe(
        'project-categories 0-0/1',
      );
    });

    it('when the keeper renames it with a stale revision, then 409; with the right one, it is renamed and the history says who, when and why', async () => {
      const read = await api().get(`company-setups/project-categories/${categoryId}`, { token: keeperToken });
      const etag = read.headers.etag as string;
      const stale = await api().put(
        `company-setups/project-categories/${categoryId}`,
        { name: 'Commercial' },
        { token: keeperToken, headers: { 'If-Match': '"99"' } },
      );
      expect(stale.status).toBe(409);
      expect(stale.body.errorCode).toBe('wrongExpectedRevision');
      const renamed = await api().put(
        `company-setups/project-categories/${categoryId}`,
        { name: 'Commercial', description: 'Offices and shops', reason: 'Shorter' },
        { token: keeperToken, headers: { 'If-Match': etag } },
      );
      expect(renamed.status).toBe(200);
      expect(renamed.body.item.name).toBe('Commercial');
      const unchanged = await api().put(
        `company-setups/project-categories/${categoryId}`,
        { name: 'Commercial', description: 'Offices and shops' },
        { token: keeperToken },
      );
      expect(unchanged.body.recorded).toEqual([]);
      const history = await api().get(`company-setups/project-categories/${categoryId}/history`, { token: keeperToken });
      expect(history.body.map((row: { type: string }) => row.type)).toEqual(['SetupItemCreated', 'SetupItemEdited']);
      expect(history.body[1]).toMatchObject({ by: keeper.name, reason: 'Shorter', changes: { name: 'Commercial' } });
    });

    it('when it is deactivated, then the project pickers no longer get it, the keeper still lists it, and a second Deactivate is refused', async () => {
      const off = await api().post(
        `company-setups/project-categories/${categoryId}/actions/Deactivate`,
        { reason: 'Not used' },
        { token: keeperToken },
      );
      expect(off.status).toBe(200);
      expect(off.body.item.status).toBe('inactive');
      expect(
        (await api().post(`company-setups/project-categories/${categoryId}/actions/Deactivate`, {}, { token: keeperToken })).body.errorCode,
      ).toBe('setupItemStatusUnchanged');
      const picker = await api().get('company-setups/project-categories', {
        token: estimatorToken,
        query: { filter: JSON.stringify({ status: 'active' }) },
      });
      expect(picker.status).toBe(200);
      expect(picker.body).toEqual([]);
      const inactive = await api().get('company-setups/project-categories', {
        token: keeperToken,
        query: { filter: JSON.stringify({ status: 'inactive' }) },
      });
      expect(inactive.body.map((row: { id: string }) => row.id)).toEqual([categoryId]);
      // The name stays taken while the item is inactive: it can come back.
      expect((await api().post('company-setups/project-categories', { name: 'commercial' }, { token: keeperToken })).body.errorCode).toBe(
        'itemNameExists',
      );
      const back = await api().post(`company-setups/project-categories/${categoryId}/actions/Reactivate`, {}, { token: keeperToken });
      expect(back.body.item.status).toBe('active');
      const picked = await api().get('company-setups/project-categories', {
        token: estimatorToken,
        query: { filter: JSON.stringify({ status: 'active' }) },
      });
      expect(picked.body.map((row: { name: string }) => row.name)).toEqual(['Commercial']);
    });

    it('when someone without the right writes, reads every status or acts unknown, then refused with its code; another company sees none of it', async () => {
      expect((await api().post('company-setups/project-categories', { name: 'Mine' }, { token: estimatorToken })).body.errorCode).toBe(
        'noAccessRight',
      );
      expect((await api().get('company-setups/project-categories', { token: estimatorToken })).body.errorCode).toBe('noAccessRight');
      expect(
        (
          await api().get('company-setups/profit-parameters', {
            token: estimatorToken,
            query: { filter: JSON.stringify({ status: 'inactive' }) },
          })
        ).status,
      ).toBe(403);
      expect((await api().post(`company-setups/project-categories/${categoryId}/actions/Delete`, {}, { token: keeperToken })).status).toBe(
        404,
      );
      expect((await api().get('company-setups/colours', { token: keeperToken })).status).toBe(404);
      expect(
        (
          await api().get('company-setups/project-categories', {
            token: keeperToken,
            query: { filter: JSON.stringify({ status: 'gone' }) },
          })
        ).status,
      ).toBe(400);
      expect((await api().get('company-setups/project-categories', { token: keeperToken, query: { range: '[0,500]' } })).status).toBe(400);
      expect((await api().get('company-setups/project-categories', { token: outsiderToken })).body).toEqual([]);
      expect((await api().get(`company-setups/project-categories/${categoryId}`, { token: outsiderToken })).body.errorCode).toBe(
        'setupItemNotFound',
      );
      expect(
        (await api().put(`company-setups/project-categories/${categoryId}`, { name: 'Taken over' }, { token: outsiderToken })).body
          .errorCode,
      ).toBe('setupItemNotFound');
    });

    it('when the list is searched and paged, then the page and its range say what was found', async () => {
      for (const name of ['Central', 'Northern', 'Southern'])
        await api().post('company-setups/project-regions', { name }, { token: keeperToken });
      const page = await api().get('company-setups/project-regions', {
        token: keeperToken,
        query: { sort: JSON.stringify(['name', 'DESC']), range: '[0,1]' },
      });
      expect(page.body.map((row: { name: string }) => row.name)).toEqual(['Southern', 'Northern']);
      expect(page.headers['content-range']).toBe('project-regions 0-1/4');
      const found = await api().get('company-setups/project-regions', {
        token: keeperToken,
        query: { filter: JSON.stringify({ q: 'ERN' }) },
      });
      expect(found.body.map((row: { name: string }) => row.name)).toEqual(['Northern', 'Southern']);
    });
  });

  describe('a project picks its category and region', () => {
    const project = {
      project_name: 'Menara Setia',
      project_code: 'MS-1',
      project_type: 1,
      project_short_desc: 'Office tower',
      location: 'Shah Alam',
    };
    const active = async (path: string) =>
      (await api().get(`company-setups/${path}`, { token: estimatorToken, query: { filter: JSON.stringify({ status: 'active' }) } }))
        .body as { id: string; name: string }[];

    it('when the estimator creates a project with a category and a region of the company, then the project carries their ids and names', async () => {
      const [category] = await active('project-categories');
      const central = (await active('project-regions')).find((region) => region.name === 'Central')!;
      const made = await api().post(
        'projects',
        { ...project, project_category_id: category!.id, project_region_id: central.id },
        { token: estimatorToken },
      );
      expect(made.status).toBe(201);
      const read = await api().get(`projects/${made.body.id}`, { token: estimatorToken });
      expect(read.body).toMatchObject({
        category: 'Commercial',
        categoryId: category!.id,
        companyRegionId: central.id,
        companyRegion: 'Central',
      });
    });

    it('when a category is unknown, of another kind or inactive, then 400 names the field; a category typed as before is kept as text', async () => {
      const [region] = await active('project-regions');
      const unknown = await api().post(
        'projects',
        {
          ...project,
          project_code: 'MS-2',
          project_category_id: 'no-such-category',
          project_region_id: (await active('project-categories'))[0]!.id,
        },
        { token: estimatorToken },
      );
      expect(unknown.status).toBe(400);
      expect(unknown.body.fields).toEqual({ project_category_id: ['categoryNotFound'], project_region_id: ['companyRegionNotFound'] });
      const off = await api().post('company-setups/project-regions', { name: 'Sabah and Sarawak' }, { token: keeperToken });
      await api().post(`company-setups/project-regions/${off.body.item.id}/actions/Deactivate`, {}, { token: keeperToken });
      const inactive = await api().post(
        'projects',
        { ...project, project_code: 'MS-2', project_region_id: off.body.item.id },
        { token: estimatorToken },
      );
      expect(inactive.body.fields).toEqual({ project_region_id: ['companyRegionInactive'] });
      const typed = await api().post(
        'projects',
        { ...project, project_code: 'MS-3', project_category_name: 'Mixed development', project_region_id: region!.id },
        { token: estimatorToken },
      );
      expect(typed.status).toBe(201);
      expect((await api().get(`projects/${typed.body.id}`, { token: estimatorToken })).body).toMatchObject({
        category: 'Mixed development',
        categoryId: null,
        companyRegion: region!.name,
      });
    });

    it('when a picked category is deactivated, then an edit that keeps it is accepted and the project keeps its name', async () => {
      const [category] = await active('project-categories');
      const made = await api().post(
        'projects',
        { ...project, project_code: 'MS-4', project_category_id: category!.id },
        { token: estimatorToken },
      );
      await api().post(`company-setups/project-categories/${category!.id}/actions/Deactivate`, {}, { token: keeperToken });
      const edited = await api().put(
        `projects/${made.body.id}`,
        { ...project, project_code: 'MS-4', project_name: 'Menara Setia 2', project_category_id: category!.id },
        { token: estimatorToken },
      );
      expect(edited.status).toBe(200);
      expect((await api().get(`projects/${made.body.id}`, { token: estimatorToken })).body).toMatchObject({
        name: 'Menara Setia 2',
        category: 'Commercial',
        categoryId: category!.id,
      });
      await api().post(`company-setups/project-categories/${category!.id}/actions/Reactivate`, {}, { token: keeperToken });
    });
  });

  describe('profit parameters', () => {
    it('when the keeper adds codes, then a code is unique in any case and must be a code', async () => {
      const created = await api().post(
        'company-setups/profit-parameters',
        { code: 'OH-10', description: 'Overhead and profit 10%' },
        { token: keeperToken },
      );
      expect(created.status).toBe(201);
      expect(created.body.item).toMatchObject({ kind: 'profitParameter', name: 'OH-10', description: 'Overhead and profit 10%' });
      expect(
        (await api().post('company-setups/profit-parameters', { code: 'oh-10', description: 'again' }, { token: keeperToken })).body,
      ).toMatchObject({ errorCode: 'itemNameExists', fields: { code: ['itemNameExists'] } });
      const bad = await api().post('company-setups/profit-parameters', { code: 'has space', name: 'x' }, { token: keeperToken });
      expect(Object.keys(bad.body.fields).sort()).toEqual(['code', 'name']);
    });
  });

  describe('questionnaires', () => {
    let questionnaireId = '';
    const body = {
      name: 'Subcontractor appraisal',
      description: 'After each package',
      type: 'vendorAppraisal',
      minScore: 1,
      maxScore: 5,
      questions: [
        { text: 'Quality of work', weight: 40 },
        { text: 'Keeps to the programme', weight: 40 },
        { text: 'Safety record', weight: 20 },
      ],
    };

    it('when the keeper creates one, then its questions are numbered in the order given', async () => {
      const created = await api().post('company-setups/questionnaires', body, { token: keeperToken });
      expect(created.status).toBe(201);
      questionnaireId = created.body.item.id as string;
      expect(created.body.item).toMatchObject({ type: 'vendorAppraisal', minScore: 1, maxScore: 5, status: 'active' });
      expect(created.body.item.questions.map((q: { sequence: number; text: string }) => [q.sequence, q.text])).toEqual([
        [1, 'Quality of work'],
        [2, 'Keeps to the programme'],
        [3, 'Safety record'],
      ]);
    });

    it('when the minimum is not below the maximum, a type is unknown or no question is given, then 400 naming each', async () => {
      const bad = await api().post(
        'company-setups/questionnaires',
        { ...body, name: 'Other', minScore: 5, maxScore: 5, type: 'survey', questions: [] },
        { token: keeperToken },
      );
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual({ maxScore: ['minScoreNotBelowMax'], type: ['invalid'], questions: ['required'] });
      const badQuestion = await api().post(
        'company-setups/questionnaires',
        { ...body, name: 'Other', questions: [{ text: '', weight: 0 }] },
        { token: keeperToken },
      );
      expect(Object.keys(badQuestion.body.fields).sort()).toEqual(['questions[0].text', 'questions[0].weight']);
    });

    it('when the questions are sent in another order, then they keep their ids and are numbered anew', async () => {
      const read = await api().get(`company-setups/questionnaires/${questionnaireId}`, { token: keeperToken });
      const [first, second, third] = read.body.questions as { id: string; text: string; weight: number }[];
      const reordered = await api().put(
        `company-setups/questionnaires/${questionnaireId}`,
        {
          ...body,
          questions: [third, first, second].map((q) => ({ id: q!.id, text: q!.text, weight: q!.weight })),
        },
        { token: keeperToken, headers: { 'If-Match': read.headers.etag as string } },
      );
      expect(reordered.status).toBe(200);
      expect(reordered.body.item.questions).toEqual([
        { id: third!.id, sequence: 1, text: 'Safety record', weight: 20 },
        { id: first!.id, sequence: 2, text: 'Quality of work', weight: 40 },
        { id: second!.id, sequence: 3, text: 'Keeps to the programme', weight: 40 },
      ]);
    });
  });

  describe("the company's terms", () => {
    it('given no terms, when a member chooses the company, then nothing is to accept', async () => {
      const chosen = await chooseAs(estimator, companyId);
      expect(chosen.body.termsToAccept).toBeNull();
      estimatorToken = chosen.body.jwtToken as string;
    });

    it('when the keeper publishes a version without a title or without the right, then refused', async () => {
      expect((await api().post('company-terms', { title: '', contents: 'x' }, { token: keeperToken })).body).toMatchObject({
        errorCode: 'validationFailed',
        fields: { title: ['required'] },
      });
      expect((await api().post('company-terms', { title: 'T', contents: 'x' }, { token: estimatorToken })).body.errorCode).toBe(
        'noAccessRight',
      );
    });

    it('when the keeper publishes version 1 and then 2, then the estimator works on in the session they have, and must accept 2 at their next choice', async () => {
      ctx!.clock.advance(1_000); // the estimator's session began a second before
      const one = await api().post('company-terms', { title: 'Site rules', contents: 'Wear a helmet on site.' }, { token: keeperToken });
      expect(one.body).toEqual({ success: true, version: 1 });
      const two = await api().post(
        'company-terms',
        { title: 'Site rules', contents: 'Wear a helmet and boots on site.', reason: 'Boots added' },
        { token: keeperToken },
      );
      expect(two.body.version).toBe(2);
      // The session began before the versions: it is not stopped mid-task.
      expect(
        (
          await api().get('company-setups/project-categories', {
            token: estimatorToken,
            query: { filter: JSON.stringify({ status: 'active' }) },
          })
        ).status,
      ).toBe(200);
      ctx!.clock.advance(1_000);
      const chosen = await chooseAs(estimator, companyId);
      expect(chosen.status).toBe(200);
      expect(chosen.body.termsToAccept).toMatchObject({ version: 2, title: 'Site rules', contents: 'Wear a helmet and boots on site.' });
      estimatorToken = chosen.body.jwtToken as string;
      const refused = await api().get('company-setups/project-categories', {
        token: estimatorToken,
        query: { filter: JSON.stringify({ status: 'active' }) },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.errorCode).toBe('companyTermsNotAccepted');
      expect((await api().get('company/list', { token: estimatorToken })).status).toBe(200);
      expect((await api().get('company-terms/to-accept', { token: estimatorToken })).body.data).toMatchObject({ version: 2 });
    });

    it('when the estimator accepts an older version, then 409; the latest, then they work, and the acceptance is recorded with who and when', async () => {
      expect((await api().post('company-terms/accept', { version: 1 }, { token: estimatorToken })).body.errorCode).toBe(
        'companyTermsVersionStale',
      );
      expect((await api().post('company-terms/accept', { version: 'two' }, { token: estimatorToken })).status).toBe(400);
      const accepted = await api().post('company-terms/accept', { version: 2 }, { token: estimatorToken });
      expect(accepted.body).toEqual({ success: true, version: 2, recorded: true });
      expect(
        (
          await api().get('company-setups/project-categories', {
            token: estimatorToken,
            query: { filter: JSON.stringify({ status: 'active' }) },
          })
        ).status,
      ).toBe(200);
      const versions = await api().get('company-terms/versions', { token: keeperToken });
      expect(versions.headers['content-range']).toBe('versions 0-1/2');
      expect(versions.body.map((v: { version: number; acceptedBy: number }) => [v.version, v.acceptedBy])).toEqual([
        [2, 2],
        [1, 1],
      ]);
      expect(versions.body[0]).toMatchObject({ publishedBy: keeper.name, reason: 'Boots added' });
      const who = await api().get('company-terms/versions/2/acceptances', { token: keeperToken });
      expect(who.body.rows.map((row: { name: string }) => row.name).sort()).toEqual([estimator.name, keeper.name].sort());
      expect((await chooseAs(estimator, companyId)).body.termsToAccept).toBeNull();
      // The keeper published it: they have accepted it.
      expect((await chooseAs(keeper, companyId)).body.termsToAccept).toBeNull();
    });

    it('a member of another company never sees these terms', async () => {
      expect((await api().get('company-terms/versions', { token: outsiderToken })).body).toEqual([]);
      expect((await api().get('company-terms/to-accept', { token: outsiderToken })).body.data).toBeNull();
    });
  });

  itAnsweredEveryCallWithoutAServerError(() => ctx);
});
