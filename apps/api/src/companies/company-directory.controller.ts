// Other companies and the company's own users, as the signed-in area picks them: the directory of approved
// companies (any signed-in company; counterparty pickers) and the chosen company's members (authority
// settings). Lists in ra-data-simple-rest form with Content-Range.
import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import { ErrorCodes, type CompanyDirectoryItem, type CompanyMember } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { READ_MODELS, type AuthenticatedRequest } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { appraisalSummaries, readsAppraisals } from '../vendor-appraisals/appraisal-summaries.js';
import { companyDirectory, companyMembers, directoryQuery, membersQuery, type PageQuery } from './company-directory.js';

type HeaderReply = { header(name: string, value: string): unknown };

function listed<T>(reply: HeaderReply, name: string, query: PageQuery, page: { rows: T[]; total: number }): T[] {
  const end = page.rows.length === 0 ? query.range.from : query.range.from + page.rows.length - 1;
  reply.header('Content-Range', `${name} ${query.range.from}-${end}/${page.total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
  return page.rows;
}

@ApiTags('companies')
@Controller('company')
export class CompanyDirectoryController {
  constructor(@Inject(READ_MODELS) private readonly db: SqlExecutor) {}

  @Get('directory')
  @ApiOperation({
    summary: 'The directory of approved companies, searched and paged (counterparty pickers)',
    description:
      'Any signed-in user with a chosen company. q searches by name; filter.id reads several by id (unknown or hidden ids left out); the total is in Content-Range.',
  })
  async directory(
    @Query() raw: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ): Promise<CompanyDirectoryItem[]> {
    const companyId = companyOf(request.principal!);
    const query = directoryQuery(raw);
    const page = await companyDirectory(this.db, companyId, query);
    return listed(reply, 'directory', query, await this.withAppraisals(request, companyId, page));
  }

  @Get('directory/:id')
  @ApiOperation({
    summary: 'One company of the directory',
    description: "Any signed-in user with a chosen company; 404 notFound when the company is not in the caller's directory.",
  })
  async directoryItem(@Param('id') id: string, @Req() request: AuthenticatedRequest): Promise<CompanyDirectoryItem> {
    const companyId = companyOf(request.principal!);
    const { rows } = await companyDirectory(this.db, companyId, {
      range: { from: 0, to: 0 },
      sort: { column: 'name', direction: 'ASC' },
      q: '',
      ids: [id.slice(0, 100)],
    });
    if (!rows[0]) throw refusal(404, ErrorCodes.notFound, 'No approved company with this id.');
    return (await this.withAppraisals(request, companyId, { rows, total: 1 })).rows[0]!;
  }

  /** A tender's invite picker shows what the company's own appraisals say of each (vendor-appraisals/README.md). */
  private async withAppraisals(request: AuthenticatedRequest, companyId: string, page: { rows: CompanyDirectoryItem[]; total: number }) {
    if (!readsAppraisals(request.principal!)) return page;
    const summaries = await appraisalSummaries(
      this.db,
      companyId,
      page.rows.map((row) => row.id),
    );
    return { ...page, rows: page.rows.map((row) => ({ ...row, appraisal: summaries.get(row.id)! })) };
  }

  /** The same rights as the authority settings that pick from it, or the users module's own. */
  @Get('members')
  @ApiOperation({
    summary: "The chosen company's members with their roles, searched and paged (authority settings' picker)",
    description: "Needs the rights of the authority settings that pick from it, or the users module's own. The total is in Content-Range.",
  })
  async members(
    @Query() raw: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ): Promise<CompanyMember[]> {
    const companyId = companyOf(
      request.principal!,
      'administration.authorityManual.view',
      'administration.authorityManual.update',
      'administration.users.view',
      'administration.users.update',
    );
    const query = membersQuery(raw);
    return listed(reply, 'members', query, await companyMembers(this.db, companyId, query));
  }
}
