// A company's appraisals of its vendors through the API: appraising with one of its own vendor appraisal
// questionnaires (the weighted percent, the questionnaire as it stood), every refusal (bad scores, own company,
// unknown vendor, a questionnaire not for appraisals, withdrawn twice, no right), withdrawal with its reason, the
// list and a vendor's history with its summary, the summary on the directory the invite picker reads, and the
// privacy of it all: neither the vendor nor a third company sees another company's appraisals.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { appendCompanyEvents, newPerson, seedCompany, seedUser, signIn, type SeededUser } from '../../support/identity.js';
import { FEATURE_STORES } from '../documents/harness.js';
import { itAnsweredEveryCallWithoutAServerError, startIdentityApp, type RunningApp } from '../identity/harness.js';

const APPRAISER_RIGHTS = ['vendorManagement.view', 'vendorManagement.update', 'administration.companyProfile.update'];

describe.each(FEATURE_STORES)('vendor appraisals on %s', (kind) => {
  let ctx: RunningApp | undefined;
  const api = () => ctx!.api;
  const tokens = { keeper: '', reader: '', clerk: '', vendor: '', third: '' };
  let appraiserId = '';
  let vendorId = '';
  let thirdId = '';
  let pendingId = '';
  let questionnaire: { id: string; questions: { id: string; sequence: number }[] } = { id: '', questions: [] };
  let tenderQuestionnaireId = '';
  let inactiveQuestionnaireId = '';
  let firstId = '';
  let secondId = '';

  const chooseAs = async (person: SeededUser, company: string) => {
    const signedIn = await signIn(ctx!, person);
    return (await api().get(`company/choose/${company}`, { token: signedIn.jwtToken })).body.jwtToken as string;
  };
  const scored = (...scores: number[]) => questionnaire.questions.map((q, i) => ({ questionId: q.id, score: scores[i]! }));
  const appraise = (body: object, token = tokens.keeper) => api().post('vendor-appraisals', body, { token });
  const makeQuestionnaire = async (name: string, type: string) =>
    (
      await api().post(
        'company-setups/questionnaires',
        {
          name,
          type,
          minScore: 1,
          maxScore: 5,
          questions: [
            { text: 'Quality of work', weight: 40 },
            { text: 'Keeps to the programme', weight: 40 },
            { text: 'Site safety', weight: 20 },
          ],
        },
        { token: tokens.keeper },
      )
    ).body.item as { id: string; questions: { id: string; sequence: number }[] };

  beforeAll(async () => {
    ctx = await startIdentityApp(kind);
    const [keeper, reader, clerk, vendorPerson, thirdPerson] = await Promise.all(
      ['keeper', 'reader', 'clerk', 'vendor', 'third'].map((label) => seedUser(ctx!, newPerson(label))),
    );
    const appraiser = await seedCompany(ctx, {
      name: 'Bina Teguh Appraiser Sdn Bhd',
      status: 3,
      accessRights: APPRAISER_RIGHTS,
      members: [{ userId: keeper!.userId }],
    });
    appraiserId = appraiser.companyId;
    // The reader reads appraisals only; the clerk has no vendor management right at all (roles of the same company).
    await appendCompanyEvents(ctx, appraiserId, [
      { type: 'CompanyRoleDefined', data: { roleId: 'reader-role', name: 'Reader', accessRights: ['vendorManagement.view'] } },
      { type: 'CompanyUserAssigned', data: { userId: reader!.userId, roleId: 'reader-role', isSiteTeam: false } },
      { type: 'CompanyRoleDefined', data: { roleId: 'clerk-role', name: 'Clerk', accessRights: ['project.view'] } },
      { type: 'CompanyUserAssigned', data: { userId: clerk!.userId, roleId: 'clerk-role', isSiteTeam: false } },
    ]);
    vendorId = (
      await seedCompany(ctx, {
        name: 'Vendor Kukuh Sdn Bhd',
        status: 3,
        accessRights: APPRAISER_RIGHTS,
        members: [{ userId: vendorPerson!.userId }],
      })
    ).companyId;
    thirdId = (
      await seedCompany(ctx, {
        name: 'Pihak Ketiga Sdn Bhd',
        status: 3,
        accessRights: APPRAISER_RIGHTS,
        members: [{ userId: thirdPerson!.userId }],
      })
    ).companyId;
    pendingId = (await seedCompany(ctx, { name: 'Belum Lulus Sdn Bhd', status: 1 })).companyId;
    tokens.keeper = await chooseAs(keeper!, appraiserId);
    tokens.reader = await chooseAs(reader!, appraiserId);
    tokens.clerk = await chooseAs(clerk!, appraiserId);
    tokens.vendor = await chooseAs(vendorPerson!, vendorId);
    tokens.third = await chooseAs(thirdPerson!, thirdId);
    questionnaire = await makeQuestionnaire('Subcontractor appraisal', 'vendorAppraisal');
    tenderQuestionnaireId = (await makeQuestionnaire('Technical evaluation', 'tenderEvaluation')).id;
    inactiveQuestionnaireId = (await makeQuestionnaire('Old appraisal', 'vendorAppraisal')).id;
    await api().post(
      `company-setups/questionnaires/${inactiveQuestionnaireId}/actions/Deactivate`,
      { reason: 'Replaced' },
      { token: tokens.keeper },
    );
  }, 300_000);
  afterAll(() => ctx?.stop());

  it('when the keeper scores 5, 3 and 1 of 1..5 on weights 40, 40, 20, then the appraisal records 60 % and the questionnaire as it stood', async () => {
    const made = await appraise({
      vendorId,
      questionnaireId: questionnaire.id,
      scores: scored(5, 3, 1).reverse(),
      remark: ' Late on site twice ',
    });
    expect(made.status).toBe(201);
    firstId = made.body.id as string;
    expect(made.body.appraisal).toMatchObject({
      vendorId,
      vendorName: 'Vendor Kukuh Sdn Bhd',
      questionnaireName: 'Subcontractor appraisal',
      scorePercent: 60,
      remark: 'Late on site twice',
      status: 'recorded',
      questionnaire: { id: questionnaire.id, revision: 0, minScore: 1, maxScore: 5 },
    });
    // Recorded in the questionnaire's order, whatever the order sent.
    expect(made.body.appraisal.scores).toEqual(scored(5, 3, 1));
    expect(made.body.appraisal.history).toEqual([expect.objectContaining({ event: 'Appraise', reason: 'Late on site twice' })]);
    expect(made.body.appraisal.history[0].by).toEqual(expect.any(String));
  });

  it('when a second appraisal scores 4 throughout, then the history counts 2, averages 67.5 and names it latest', async () => {
    const made = await appraise({ vendorId, questionnaireId: questionnaire.id, scores: scored(4, 4, 4) });
    expect(made.status).toBe(201);
    expect(made.body.appraisal.scorePercent).toBe(75);
    secondId = made.body.id as string;
    const history = await api().get(`vendor-appraisals/vendors/${vendorId}`, { token: tokens.reader });
    expect(history.status).toBe(200);
    expect(history.body.vendor).toEqual({ id: vendorId, name: 'Vendor Kukuh Sdn Bhd' });
    expect(history.body.summary).toEqual({
      count: 2,
      average: 67.5,
      latest: { id: secondId, scorePercent: 75, appraisedAt: expect.any(String) },
    });
    expect(history.body.items.map((a: { id: string }) => a.id)).toEqual([secondId, firstId]);
    expect(history.body).toMatchObject({ total: 2, totalCapped: false, next: null });
  });

  it('the list is newest first by keyset pages, filtered by vendor', async () => {
    const first = await api().get('vendor-appraisals', { token: tokens.reader, query: { limit: '1' } });
    expect(first.body.items.map((a: { id: string }) => a.id)).toEqual([secondId]);
    expect(first.body.total).toBe(2);
    const second = await api().get('vendor-appraisals', { token: tokens.reader, query: { limit: '1', after: first.body.next as string } });
    expect(second.body.items.map((a: { id: string }) => a.id)).toEqual([firstId]);
    expect(second.body.next).toBeNull();
    const other = await api().get('vendor-appraisals', { token: tokens.reader, query: { filter: JSON.stringify({ vendorId: thirdId }) } });
    expect(other.body).toEqual({ items: [], next: null, total: 0, totalCapped: false });
    const bad = await api().get('vendor-appraisals', { token: tokens.reader, query: { filter: '{"status":"x"}' } });
    expect(bad.status).toBe(400);
  });

  it('the directory the invite picker reads carries the summary for the appraising company only', async () => {
    const mine = await api().get(`company/directory/${vendorId}`, { token: tokens.keeper });
    expect(mine.body.appraisal).toMatchObject({ count: 2, average: 67.5, latest: { id: secondId } });
    const listed = await api().get('company/directory', { token: tokens.keeper, query: { filter: JSON.stringify({ q: 'Vendor Kukuh' }) } });
    expect(listed.body.find((c: { id: string }) => c.id === vendorId).appraisal.count).toBe(2);
    const theirs = await api().get(`company/directory/${vendorId}`, { token: tokens.third });
    expect(theirs.body.appraisal).toEqual({ count: 0, average: null, latest: null });
    // Without the vendor management right the directory says nothing of appraisals.
    expect((await api().get(`company/directory/${vendorId}`, { token: tokens.clerk })).body.appraisal).toBeUndefined();
  });

  it('neither the vendor nor a third company sees the appraisals: lists empty, history empty, one appraisal 404', async () => {
    for (const token of [tokens.vendor, tokens.third]) {
      expect((await api().get('vendor-appraisals', { token })).body.items).toEqual([]);
      expect((await api().get(`vendor-appraisals/${firstId}`, { token })).body.errorCode).toBe('vendorAppraisalNotFound');
      const withdraw = await api().post(`vendor-appraisals/${firstId}/actions/Withdraw`, { reason: 'Not mine' }, { token });
      expect(withdraw.status).toBe(404);
    }
    const thirdView = await api().get(`vendor-appraisals/vendors/${vendorId}`, { token: tokens.third });
    expect(thirdView.body).toMatchObject({ summary: { count: 0, average: null, latest: null }, items: [], total: 0 });
    const vendorView = await api().get(`vendor-appraisals/vendors/${appraiserId}`, { token: tokens.vendor });
    expect(vendorView.body.items).toEqual([]);
  });

  it('bad scores are refused 400 naming each: out of range, not whole, unknown, twice, a question left out, a remark too long', async () => {
    const [q1, q2, q3] = questionnaire.questions;
    const bad = await appraise({
      vendorId,
      questionnaireId: questionnaire.id,
      scores: [
        { questionId: q1!.id, score: 6 },
        { questionId: q1!.id, score: 2.5 },
        { questionId: 'no-such-question', score: 3 },
        { questionId: q2!.id, score: 0 },
      ],
      remark: 'x'.repeat(1001),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('validationFailed');
    // The remark is a shape problem, refused before the questionnaire is read.
    expect(bad.body.fields).toEqual({ remark: ['tooLong'] });
    const scores = await appraise({
      vendorId,
      questionnaireId: questionnaire.id,
      scores: [
        { questionId: q1!.id, score: 6 },
        { questionId: q1!.id, score: 2.5 },
        { questionId: 'no-such-question', score: 3 },
        { questionId: q2!.id, score: 0 },
      ],
    });
    expect(scores.body.fields).toEqual({
      'scores[0].score': ['outOfRange'],
      'scores[1].questionId': ['scoredTwice'],
      'scores[1].score': ['invalid'],
      'scores[2].questionId': ['unknownQuestion'],
      'scores[3].score': ['outOfRange'],
      scores: [`unscored:${q3!.sequence}`],
    });
    const empty = await appraise({ questionnaireId: questionnaire.id, scores: [], colour: 'red' });
    expect(empty.body.fields).toEqual({ vendorId: ['required'], scores: ['required'], colour: ['unknownField'] });
    const project = await appraise({ vendorId, questionnaireId: questionnaire.id, scores: scored(3, 3, 3), projectId: 'no-such-project' });
    expect(project.body.fields).toEqual({ projectId: ['notFound'] });
  });

  it('refuses its own company (422), an unknown or unapproved vendor (404), a questionnaire not for appraisals (422) or unknown (404)', async () => {
    const body = { vendorId, questionnaireId: questionnaire.id, scores: scored(3, 3, 3) };
    const own = await appraise({ ...body, vendorId: appraiserId });
    expect([own.status, own.body.errorCode]).toEqual([422, 'vendorAppraisalOwnCompany']);
    for (const unknown of ['no-such-company', pendingId]) {
      const reply = await appraise({ ...body, vendorId: unknown });
      expect([reply.status, reply.body.errorCode]).toEqual([404, 'vendorNotFound']);
    }
    for (const questionnaireId of [tenderQuestionnaireId, inactiveQuestionnaireId]) {
      const reply = await appraise({ ...body, questionnaireId });
      expect([reply.status, reply.body.errorCode]).toEqual([422, 'questionnaireNotForAppraisal']);
    }
    const unknown = await appraise({ ...body, questionnaireId: 'no-such-questionnaire' });
    expect([unknown.status, unknown.body.errorCode]).toEqual([404, 'setupItemNotFound']);
    // Another company's questionnaire is not the caller's.
    const third = await appraise({ ...body, vendorId: appraiserId }, tokens.third);
    expect(third.status).toBe(404);
  });

  it('without the right: the reader may read but not appraise or withdraw (403), the clerk may not read (403)', async () => {
    const body = { vendorId, questionnaireId: questionnaire.id, scores: scored(3, 3, 3) };
    expect((await appraise(body, tokens.reader)).body.errorCode).toBe('noAccessRight');
    expect((await api().post(`vendor-appraisals/${firstId}/actions/Withdraw`, { reason: 'x' }, { token: tokens.reader })).status).toBe(403);
    for (const path of ['vendor-appraisals', `vendor-appraisals/${firstId}`, `vendor-appraisals/vendors/${vendorId}`]) {
      const reply = await api().get(path, { token: tokens.clerk });
      expect([reply.status, reply.body.errorCode]).toEqual([403, 'noAccessRight']);
    }
  });

  it('a withdrawal needs a reason, marks the appraisal, leaves the summary and is refused twice (409)', async () => {
    const noReason = await api().post(`vendor-appraisals/${secondId}/actions/Withdraw`, { reason: ' ' }, { token: tokens.keeper });
    expect(noReason.body.fields).toEqual({ reason: ['required'] });
    const withdrawn = await api().post(
      `vendor-appraisals/${secondId}/actions/Withdraw`,
      { reason: 'Scored the wrong package' },
      { token: tokens.keeper },
    );
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.appraisal).toMatchObject({ status: 'withdrawn', withdrawReason: 'Scored the wrong package' });
    expect(withdrawn.body.appraisal.withdrawnBy).toEqual(expect.any(String));
    expect(withdrawn.body.appraisal.history.map((h: { event: string; reason: string | null }) => [h.event, h.reason])).toEqual([
      ['Appraise', null],
      ['Withdraw', 'Scored the wrong package'],
    ]);
    const history = await api().get(`vendor-appraisals/vendors/${vendorId}`, { token: tokens.keeper });
    expect(history.body.summary).toMatchObject({ count: 1, average: 60, latest: { id: firstId, scorePercent: 60 } });
    // Still listed, marked.
    expect(history.body.items.map((a: { id: string; status: string }) => [a.id, a.status])).toEqual([
      [secondId, 'withdrawn'],
      [firstId, 'recorded'],
    ]);
    const again = await api().post(`vendor-appraisals/${secondId}/actions/Withdraw`, { reason: 'Again' }, { token: tokens.keeper });
    expect([again.status, again.body.errorCode]).toEqual([409, 'vendorAppraisalWithdrawn']);
  });

  itAnsweredEveryCallWithoutAServerError(() => ctx);
});
