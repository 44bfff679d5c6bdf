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
  type LinkedVariationView,
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

  /**
   * The variation orders made from an instruction (its comparison): the owner sees every one, the
   * sub-contractor those issued to it (as it sees them in its lists). Amounts signed, omissions negative.
   */
  async linkedTo(instructionId: string, companyId: string): Promise<LinkedVariationView[]> {
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
       WHERE l.instruction_id = $1 AND (d.company_id = $2 OR (d.counterparty_company_id = $2 AND d.status = ANY($3::text[])))
       ORDER BY d.document_no`,
      [instructionId, companyId, VariationCountingStatuses],
    );
    return rows.map((row) => ({
      id: row.id,
      documentNo: row.document_no,
      title: row.title,
      status: row.status,
      variationType: row.sign === null ? null : BigInt(row.sign) < 0n ? 'omission' : 'addition',
      amount: formatSen(BigInt(row.amount ?? 0) * (row.sign !== null && BigInt(row.sign) < 0n ? -1n : 1n)),
    }));
  }

  /** The contract's contractor as the counterparty of a variation order or instruction that names a contract and no counterparty. */
  async withContractor<T extends { counterpartyCompanyId?: string | null; sourceDocumentId?: string | null }>(
    resource: DocumentResource,
    changes: T,
  ): Promise<T> {
    if ((resource !== 'variationOrder' && resource !== 'instruction') || changes.counterpartyCompanyId || !changes.sourceDocumentId)
      return changes;
    const row = await this.contractRow(changes.sourceDocumentId);
    return row?.counterparty_company_id ? { ...changes, counterpartyCompanyId: row.counterparty_company_id } : changes;
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
      : CLAIM_KINDS.includes(resource) || resource === 'variationOrder' || resource === 'instruction'
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
