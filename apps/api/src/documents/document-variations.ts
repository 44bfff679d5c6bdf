// Variation orders and the contract sum they vary. A contract's sum as varied is read from read models
// only (a rebuild gives the same figure): its own subtotal (the folded contract), plus the variation
// orders on it (`document_sources`) that are issued or accepted, each its subtotal signed by its type
// (`document_draws` measures `variationAmount` and `variationSign`), beside what its claims certified
// (approved, invoiced or closed progressive claims and approved milestone claims, by their totals).
import { Inject, Injectable } from '@nestjs/common';
import {
  AwardedContractStatuses,
  VariationContractKinds,
  VariationCountingStatuses,
  isDocumentResource,
  type ContractSumView,
  LinkedVariationsShown,
  type LinkedVariationView,
  type LinkedVariationsSummary,
  type DocumentFields,
  type DocumentResource,
} from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { invalidFields, refusal } from '../common/refusal.js';
import { READ_MODELS } from '../common/principal.js';
import { DocumentLoader } from './document-loader.js';
import { formatSen, parseMoney, parsePercent } from './money.js';

const CONTRACT_KINDS: readonly string[] = VariationContractKinds;
const CLAIM_KINDS = ['progressiveClaim', 'milestoneClaim'];
/** Kinds the contract's buyer issues on a contract, addressed to its contractor. */
const NAMES_CONTRACT: readonly DocumentResource[] = ['variationOrder', 'instruction', 'paymentCertificate'];
/** Claims whose amount is certified: the buyer approved it (and it may since be invoiced or closed). */
const CERTIFIED_CLAIM_SQL = `((d.resource = 'progressiveClaim' AND d.status IN ('approved', 'invoiced', 'closed'))
  OR (d.resource = 'milestoneClaim' AND d.status = 'approved'))`;

type ContractRow = {
  id: string;
  resource: string;
  document_no: string;
  company_id: string;
  counterparty_company_id: string | null;
  status: string;
};

/** A variation order's signed amount in sen: its subtotal, negative for an omission. */
export function signedVariationSen(fields: Pick<DocumentFields, 'totals' | 'variationType'>): bigint {
  const subtotal = parseMoney(fields.totals.subtotal) ?? 0n;
  return fields.variationType === 'omission' ? -subtotal : subtotal;
}

@Injectable()
export class ContractSums {
  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly loader: DocumentLoader,
  ) {}

  private async contractRow(id: string): Promise<ContractRow | undefined> {
    const [row] = await this.db.query<ContractRow>(
      'SELECT id, resource, document_no, company_id, counterparty_company_id, status FROM documents WHERE id = $1',
      [id],
    );
    return row && CONTRACT_KINDS.includes(row.resource) ? row : undefined;
  }

  /** Which variation orders of an instruction the company sees: the owner every one, the sub-contractor those issued to it. */
  private static readonly VISIBLE = `l.instruction_id = $1 AND (d.company_id = $2 OR (d.counterparty_company_id = $2 AND d.status = ANY($3::text[])))`;

  /**
   * The variation orders made from an instruction (its comparison), the first `LinkedVariationsShown` by
   * number, and a summary of them all (how many; the issued ones' total). Amounts signed, omissions negative.
   */
  async linkedTo(instructionId: string, companyId: string): Promise<{ items: LinkedVariationView[]; summary: LinkedVariationsSummary }> {
    const params = [instructionId, companyId, VariationCountingStatuses];
    const rows = await this.db.query<{
      id: string;
      document_no: string;
      title: string;
      status: string;
      amount: string | null;
      sign: string | null;
    }>(
      `SELECT d.id, d.document_no, d.title, d.status, a.amount, sg.amount AS sign
         FROM document_instruction_links l
         JOIN documents d ON d.stream_id = l.stream_id
         LEFT JOIN document_draws a ON a.stream_id = d.stream_id AND a.measure = 'variationAmount' AND a.line_no = 0
         LEFT JOIN document_draws sg ON sg.stream_id = d.stream_id AND sg.measure = 'variationSign' AND sg.line_no = 0
       WHERE ${ContractSums.VISIBLE}
       ORDER BY d.document_no LIMIT ${LinkedVariationsShown}`,
      params,
    );
    const [summary] = await this.db.query<{ n: string | number; issued: string | number; total: string | null }>(
      `SELECT COUNT(*) AS n, COUNT(*) FILTER (WHERE d.status = ANY($3::text[])) AS issued,
              SUM(a.amount * sg.amount) FILTER (WHERE d.status = ANY($3::text[])) AS total
         FROM document_instruction_links l
         JOIN documents d ON d.stream_id = l.stream_id
         LEFT JOIN document_draws a ON a.stream_id = d.stream_id AND a.measure = 'variationAmount' AND a.line_no = 0
         LEFT JOIN document_draws sg ON sg.stream_id = d.stream_id AND sg.measure = 'variationSign' AND sg.line_no = 0
       WHERE ${ContractSums.VISIBLE}`,
      params,
    );
    const items = rows.map((row) => ({
      id: row.id,
      documentNo: row.document_no,
      title: row.title,
      status: row.status,
      variationType: row.sign === null ? null : BigInt(row.sign) < 0n ? ('omission' as const) : ('addition' as const),
      amount: formatSen(BigInt(row.amount ?? 0) * (row.sign !== null && BigInt(row.sign) < 0n ? -1n : 1n)),
    }));
    return {
      items,
      summary: {
        count: Number(summary?.n ?? 0),
        issuedCount: Number(summary?.issued ?? 0),
        issuedTotal: formatSen(BigInt(summary?.total ?? 0)),
      },
    };
  }

  /**
   * The counterparty of a document that names a contract and no counterparty: the contract's contractor for
   * what its buyer issues on it (a variation order, an instruction, a payment certificate), the contract's
   * buyer for a claim on it. Whether the caller may name that contract is checked after (draws, sums).
   */
  async withCounterpartyFromContract<T extends { counterpartyCompanyId?: string | null; sourceDocumentId?: string | null }>(
    resource: DocumentResource,
    changes: T,
  ): Promise<T> {
    const claims = CLAIM_KINDS.includes(resource);
    if ((!NAMES_CONTRACT.includes(resource) && !claims) || changes.counterpartyCompanyId || !changes.sourceDocumentId) return changes;
    const row = await this.contractRow(changes.sourceDocumentId);
    const other = claims ? row?.company_id : row?.counterparty_company_id;
    return other ? { ...changes, counterpartyCompanyId: other } : changes;
  }

  /** Issued variations (sum, count) and certified claims on a contract; `exceptStream` leaves one document out. */
  private async figures(contractId: string, exceptStream = ''): Promise<{ variations: bigint; count: number; certified: bigint }> {
    const [v] = await this.db.query<{ total: string | null; n: string | number }>(
      `SELECT SUM(a.amount * sg.amount) AS total, COUNT(*) AS n
         FROM document_sources s
         JOIN documents d ON d.stream_id = s.stream_id AND d.resource = 'variationOrder' AND d.status = ANY($2::text[])
         JOIN document_draws a ON a.stream_id = d.stream_id AND a.measure = 'variationAmount' AND a.line_no = 0
         JOIN document_draws sg ON sg.stream_id = d.stream_id AND sg.measure = 'variationSign' AND sg.line_no = 0
       WHERE s.source_document_id = $1 AND s.stream_id <> $3`,
      [contractId, VariationCountingStatuses, exceptStream],
    );
    const [c] = await this.db.query<{ total: string | null }>(
      `SELECT SUM(d.total_sen) AS total FROM document_sources s JOIN documents d ON d.stream_id = s.stream_id
       WHERE s.source_document_id = $1 AND ${CERTIFIED_CLAIM_SQL}`,
      [contractId],
    );
    return { variations: BigInt(v?.total ?? 0), count: Number(v?.n ?? 0), certified: BigInt(c?.total ?? 0) };
  }

  /** The contract a document is (a contract kind) or names (a claim's or variation order's source), as varied; null when none or not visible. */
  async viewFor(
    resource: DocumentResource,
    id: string,
    fields: Pick<DocumentFields, 'sourceDocumentId' | 'claimPercentage'>,
    companyId: string,
  ): Promise<ContractSumView | null> {
    const contractId = CONTRACT_KINDS.includes(resource)
      ? id
      : CLAIM_KINDS.includes(resource) || NAMES_CONTRACT.includes(resource)
        ? fields.sourceDocumentId
        : null;
    if (!contractId) return null;
    const row = await this.contractRow(contractId);
    if (!row || (row.company_id !== companyId && row.counterparty_company_id !== companyId) || !isDocumentResource(row.resource))
      return null;
    const contract = await this.loader.load(row.resource, row.id, companyId).catch(() => null);
    if (!contract) return null;
    const original = parseMoney(contract.state.fields.totals.subtotal) ?? 0n;
    const { variations, count, certified } = await this.figures(contractId);
    const adjusted = original + variations;
    const percent = resource === 'progressiveClaim' && fields.claimPercentage ? parsePercent(fields.claimPercentage) : null;
    return {
      contractId,
      contractResource: row.resource,
      contractNo: row.document_no,
      originalSum: formatSen(original),
      variationsSum: formatSen(variations),
      adjustedSum: formatSen(adjusted),
      certifiedSum: formatSen(certified),
      variationCount: count,
      // basis points of the sum, rounded half up to the sen
      claimValue: percent === null ? null : formatSen((adjusted * percent + 5000n) / 10000n),
    };
  }

  /** The contract's sum as varied now: its own subtotal plus its issued variation orders. */
  private async adjustedSen(row: ContractRow, companyId: string): Promise<bigint> {
    const contract = await this.loader.load(row.resource as DocumentResource, row.id, companyId);
    const { variations } = await this.figures(row.id);
    return (parseMoney(contract.state.fields.totals.subtotal) ?? 0n) + variations;
  }

  /**
   * A payment certificate that names a contract certifies against the contract's sum as varied: the
   * contract is the certifying company's own awarded contract, the certificate goes to its contractor, and
   * `contractSum` is recorded from the contract (never typed), so the retention limit follows the variation
   * orders issued. `current`: the certificate's fields before an edit (null on create). A certificate that
   * names no contract keeps a typed sum (work certified outside Binaan's contracts).
   */
  async withCertifiedSum<T extends Partial<Pick<DocumentFields, 'sourceDocumentId' | 'counterpartyCompanyId' | 'contractSum'>>>(
    resource: DocumentResource,
    changes: T,
    current: Pick<DocumentFields, 'sourceDocumentId' | 'counterpartyCompanyId' | 'contractSum'> | null,
    companyId: string,
  ): Promise<T> {
    if (resource !== 'paymentCertificate') return changes;
    const contractId = 'sourceDocumentId' in changes ? changes.sourceDocumentId : current?.sourceDocumentId;
    if (!contractId) return changes;
    const row = await this.contractRow(contractId);
    if (!row || row.company_id !== companyId) {
      throw refusal(422, 'unknownSourceDocument', 'A payment certificate names a contract of your own company, which pays under it.', {
        fields: { sourceDocumentId: ['unknownSourceDocument'] },
      });
    }
    if (!(AwardedContractStatuses as readonly string[]).includes(row.status)) {
      throw refusal(422, 'contractNotAwarded', `Contract ${row.document_no} is not awarded (confirmed by the contractor) yet.`, {
        fields: { sourceDocumentId: ['contractNotAwarded'] },
      });
    }
    const counterparty = 'counterpartyCompanyId' in changes ? changes.counterpartyCompanyId : current?.counterpartyCompanyId;
    if (counterparty !== row.counterparty_company_id) throw invalidFields({ counterpartyCompanyId: ["must be the contract's contractor"] });
    const adjusted = formatSen(await this.adjustedSen(row, companyId));
    // A form sends back the sum it was given (the recorded one, perhaps older than a variation): not a typed sum.
    const typed = changes.contractSum && parseMoney(changes.contractSum) !== parseMoney(current?.contractSum ?? '');
    if (typed && parseMoney(changes.contractSum!) !== parseMoney(adjusted)) {
      throw refusal(422, 'contractSumFromContract', `The certificate takes contract ${row.document_no}'s sum as varied, RM ${adjusted}.`, {
        fields: { contractSum: ['contractSumFromContract'] },
      });
    }
    return { ...changes, contractSum: adjusted };
  }

  /** Before a certificate on a contract is sent for approval: its recorded sum is still the contract's (409 otherwise). */
  async checkCertifiedSum(fields: DocumentFields, companyId: string): Promise<void> {
    if (!fields.sourceDocumentId) return;
    const row = await this.contractRow(fields.sourceDocumentId);
    if (!row) return;
    const adjusted = await this.adjustedSen(row, companyId);
    if (parseMoney(fields.contractSum ?? '') !== adjusted) {
      throw refusal(
        409,
        'contractSumChanged',
        `Contract ${row.document_no}'s sum is RM ${formatSen(adjusted)} now (a variation order was issued since): save the certificate again to take it.`,
      );
    }
  }

  /**
   * A variation order's own rules (after the source passed the draws' check): it names an awarded contract
   * of the caller's company (the buyer issues variations), addressed to that contract's contractor, says
   * whether it adds or omits, links only a live instruction of the company, and an omission may take the
   * contract sum neither below zero nor below what its claims have certified.
   */
  async check(fields: DocumentFields, companyId: string, streamId: string | null): Promise<void> {
    const problems: Record<string, string[]> = {};
    if (!fields.sourceDocumentId) problems.sourceDocumentId = ['required: the contract varied'];
    if (!fields.variationType) problems.variationType = ['required: addition or omission'];
    if (Object.keys(problems).length > 0) throw invalidFields(problems);
    const row = await this.contractRow(fields.sourceDocumentId!);
    if (!row || row.company_id !== companyId) {
      throw refusal(422, 'unknownSourceDocument', "A variation order is issued by the contract's buyer, on its own contract.", {
        fields: { sourceDocumentId: ['unknownSourceDocument'] },
      });
    }
    if (!(AwardedContractStatuses as readonly string[]).includes(row.status)) {
      throw refusal(
        422,
        'contractNotAwarded',
        `Contract ${row.document_no} is not awarded (confirmed by the contractor) yet: it cannot be varied.`,
        {
          fields: { sourceDocumentId: ['contractNotAwarded'] },
        },
      );
    }
    if (fields.counterpartyCompanyId !== row.counterparty_company_id)
      throw invalidFields({ counterpartyCompanyId: ["must be the contract's contractor"] });
    if (fields.instructionId) {
      const [instruction] = await this.db.query<{ id: string }>(
        `SELECT id FROM documents WHERE id = $1 AND resource = 'instruction' AND company_id = $2 AND status <> 'cancelled'`,
        [fields.instructionId, companyId],
      );
      if (!instruction) {
        throw refusal(422, 'unknownInstruction', 'The instruction is not a live instruction of your company.', {
          fields: { instructionId: ['unknownInstruction'] },
        });
      }
    }
    const signed = signedVariationSen(fields);
    if (signed >= 0n) return;
    const contract = await this.loader.load(row.resource as DocumentResource, row.id, companyId);
    const { variations, certified } = await this.figures(row.id, streamId ?? '');
    const after = (parseMoney(contract.state.fields.totals.subtotal) ?? 0n) + variations + signed;
    if (after < 0n) {
      throw refusal(422, 'variationBelowZero', `The omission would take the contract sum to RM ${formatSen(after)}.`, {
        fields: { items: ['variationBelowZero'] },
      });
    }
    if (after < certified) {
      throw refusal(
        422,
        'variationBelowCertified',
        `The omission would take the contract sum to RM ${formatSen(after)}, below the RM ${formatSen(certified)} already certified.`,
        { fields: { items: ['variationBelowCertified'] } },
      );
    }
  }
}
