// The buyer's analysis of a closed tender: the questionnaire, technical scores per seller, the weighted
// ranking, and the tender machine's Shortlist and Evaluate (recorded on the tender with their actor, the
// machine checking the authority; the list and the ranking as given recorded on `tenderAnalysis-<id>`).
// Reopen stays the machine's own action on the tender (documents route, level 20 with a remark).
import { refusal, invalidFields } from '../../common/refusal.js';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { DocumentActionReply } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { companyLevels } from '../../authority/authority-reads.js';
import { companyOf } from '../../authority/authority.service.js';
import { READ_MODELS, type Principal } from '../../common/principal.js';
import { ActOnDocument } from '../../documents/document.commands.js';
import { mergeLevels, projectLevels } from '../../projects/project-reads.js';
import { EVENT_STORE } from '../../store/store.tokens.js';
import { tenderCriteriaFromQuestionnaire } from '../../company-setups/questionnaire-source.js';
import { buildComparison } from '../comparison/comparison.js';
import { loadBidders, loadBuyerTender, type BuyerTender } from '../comparison/comparison.service.js';
import { isUnsealed } from '../tendering.decider.js';
import {
  analysisStream,
  ANALYSIS_STREAM_TYPE,
  foldAnalysis,
  parseCriteria,
  parseScores,
  parseShortlist,
  scoreSellers,
  type AnalysisEvent,
} from './analysis.js';

@Injectable()
export class AnalysisService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly commands: CommandBus,
  ) {}

  /** The questionnaire, each seller's scores and the ranking (once the seal is open). */
  async analysis(principal: Principal, tenderId: string) {
    const companyId = companyOf(principal);
    const tender = await loadBuyerTender(this.store, tenderId, companyId);
    if (!isUnsealed(tender))
      throw refusal(409, 'tenderSealed', `The quotations stay sealed until the tender is closed (it is ${tender.status}).`);
    const { state, sellers } = await this.read(tender);
    return {
      success: true as const,
      tenderId: tender.id,
      status: tender.status,
      revision: state.revision,
      priceWeight: state.priceWeight,
      criteria: state.criteria,
      questionnaire: state.questionnaire,
      shortlist: state.shortlist,
      evaluated: state.evaluated,
      sellers: scoreSellers(state, sellers),
    };
  }

  /**
   * `{ priceWeight, criteria }` typed in, or `{ priceWeight, questionnaireId }`: the criteria made from one of the
   * company's tender evaluation questionnaires (company-setups), which the event names as it stood.
   */
  async setCriteria(principal: Principal, tenderId: string, body: unknown) {
    return this.write(principal, tenderId, async (tender) => {
      const fromSetup =
        typeof body === 'object' && body !== null && 'questionnaireId' in body
          ? (body as { questionnaireId: unknown; priceWeight?: unknown })
          : null;
      if (fromSetup) {
        const priceWeight = fromSetup.priceWeight;
        if (typeof priceWeight !== 'number' || !Number.isInteger(priceWeight) || priceWeight < 0 || priceWeight > 99)
          throw invalidFields({ priceWeight: ['weightInvalid'] });
        const extra = Object.keys(fromSetup).filter((key) => key !== 'questionnaireId' && key !== 'priceWeight');
        if (extra.length > 0) throw invalidFields(Object.fromEntries(extra.map((key) => [key, ['unknownField']])));
        const made = await tenderCriteriaFromQuestionnaire(this.db, tender.companyId, fromSetup.questionnaireId, priceWeight);
        const { criteria } = parseCriteria({ priceWeight, criteria: made.criteria });
        return [
          {
            type: 'AnalysisCriteriaSet',
            data: { tenderId: tender.id, priceWeight, criteria, by: principal.userId, questionnaire: made.questionnaire },
          },
        ];
      }
      const { priceWeight, criteria } = parseCriteria(body);
      return [{ type: 'AnalysisCriteriaSet', data: { tenderId: tender.id, priceWeight, criteria, by: principal.userId } }];
    });
  }

  async enterScores(principal: Principal, tenderId: string, sellerCompanyId: string, body: unknown) {
    return this.write(principal, tenderId, async (tender, state, quoted) => {
      const scores = parseScores(body, state.criteria);
      if (!quoted.has(sellerCompanyId))
        throw refusal(422, 'sellerNotQuoted', `${sellerCompanyId} did not quote on this tender.`, {
          fields: { sellerCompanyId: ['sellerNotQuoted'] },
        });
      return [{ type: 'TechnicalScoresEntered', data: { tenderId: tender.id, sellerCompanyId, scores, by: principal.userId } }];
    });
  }

  /** The machine's Shortlist on the tender, then the list itself. */
  async shortlist(principal: Principal, tenderId: string, body: unknown) {
    return this.write(principal, tenderId, async (tender, _state, quoted) => {
      const sellerCompanyIds = parseShortlist(body, quoted);
      await this.commands.execute<ActOnDocument, DocumentActionReply>(
        new ActOnDocument('tender', tender.id, 'Shortlist', principal, {}, String(tender.revision), undefined),
      );
      return [{ type: 'SellersShortlisted', data: { tenderId: tender.id, sellerCompanyIds, by: principal.userId } }];
    });
  }

  /** The machine's Evaluate on the tender, then the ranking as it stood (so the history shows what was evaluated). */
  async evaluate(principal: Principal, tenderId: string) {
    return this.write(principal, tenderId, async (tender, state) => {
      const { sellers } = await this.read(tender);
      const ranking = scoreSellers(state, sellers)
        .sort((a, b) => a.rank - b.rank)
        .map((s) => ({ sellerCompanyId: s.sellerCompanyId, score: s.score }));
      await this.commands.execute<ActOnDocument, DocumentActionReply>(
        new ActOnDocument('tender', tender.id, 'Evaluate', principal, {}, String(tender.revision), undefined),
      );
      return [{ type: 'TenderEvaluated', data: { tenderId: tender.id, ranking, by: principal.userId } }];
    });
  }

  private async read(tender: BuyerTender) {
    const state = foldAnalysis(await this.store.readStream(analysisStream(tender.id)));
    const { bidders } = await loadBidders(this.store, this.db, tender.id);
    const sheet = buildComparison(tender.items, bidders, { after: Number.MAX_SAFE_INTEGER, limit: 1 });
    return { state, sellers: sheet.sellers.map((s) => ({ sellerCompanyId: s.sellerCompanyId, sellerName: s.sellerName, total: s.total })) };
  }

  /** A write of the analysis: the buyer with level 10 on tender, the tender in comparison, appended at the stream's revision. */
  private async write(
    principal: Principal,
    tenderId: string,
    decide: (tender: BuyerTender, state: ReturnType<typeof foldAnalysis>, quoted: ReadonlySet<string>) => Promise<AnalysisEvent[]>,
  ) {
    const companyId = companyOf(principal);
    const tender = await loadBuyerTender(this.store, tenderId, companyId);
    await this.mustPropose(principal, tender);
    if (tender.status !== 'comparison')
      throw refusal(409, 'tenderNotInComparison', `The analysis is made while the tender is in comparison (it is ${tender.status}).`);
    const events = await this.store.readStream(analysisStream(tender.id));
    const { bidders } = await loadBidders(this.store, this.db, tender.id);
    const decided = await decide(tender, foldAnalysis(events), new Set(bidders.map((b) => b.sellerCompanyId)));
    const result = await this.store.append({
      streamId: analysisStream(tender.id),
      streamType: ANALYSIS_STREAM_TYPE,
      expectedRevision: events.length === 0 ? 'no_stream' : events[events.length - 1]!.revision,
      events: decided.map((event) => ({
        type: event.type,
        data: event.data as unknown as Record<string, never>,
        metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId },
      })),
    });
    return {
      success: true as const,
      tenderId: tender.id,
      revision: result.nextExpectedRevision,
      recorded: decided.map((event) => event.type),
    };
  }

  /** The analysis is the buyer's procurement step: create/propose (level 10) on tender, in the company or the tender's project. */
  private async mustPropose(principal: Principal, tender: BuyerTender): Promise<void> {
    if (principal.userType === 2) return;
    const company = await companyLevels(this.db, tender.companyId, principal.userId);
    const levels = tender.projectId ? mergeLevels(company, await projectLevels(this.db, tender.projectId, principal.userId)) : company;
    if (!(levels.tender ?? []).includes(10))
      throw refusal(403, 'noAuthority', 'The analysis needs the create/propose level (10) on tender.');
  }
}
