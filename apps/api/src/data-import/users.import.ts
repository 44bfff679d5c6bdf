// Users from a sheet: a row per person (name, e-mail, role names, site team), each checked as one invitation
// is (companyInviteErrors), role names against the company's active roles, e-mail addresses against its
// members and the file's other rows; each invited through InviteCompanyMember, the command of one invitation
// (which sends its e-mail), so the rights and refusals are those of an invitation made by hand.
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { companyInviteErrors, normaliseEmail, type CompanyInviteInput, type DataImportRowError } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { InviteCompanyMember } from '../companies/company-admin.commands.js';
import { cellError, textOf, type ImportRow, type ImportTarget } from './import-target.js';

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'ya', '是']);
const NO = new Set(['', 'no', 'n', 'false', '0', 'tidak', '否']);

@Injectable()
export class UsersImport implements ImportTarget<CompanyInviteInput> {
  readonly right = 'administration.users.update' as const;
  readonly fields = [
    { field: 'name', required: true, headers: ['name', 'full name', 'nama', '姓名', '名称'] },
    { field: 'email', required: true, headers: ['email', 'e-mail', 'email address', 'e-mel', '电子邮件', '邮箱'] },
    { field: 'roles', required: true, headers: ['roles', 'role', 'role names', 'peranan', '角色'] },
    { field: 'siteTeam', required: false, headers: ['site team', 'site', 'pasukan tapak', '工地团队'] },
  ] as const;

  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  async check(principal: Principal, sheet: string, rows: readonly ImportRow[]) {
    const companyId = principal.companyId!;
    const roles = new Map(
      (
        await this.db.query<{ role_id: string; name: string }>(
          'SELECT role_id, name FROM company_roles WHERE company_id = $1 AND status = 2',
          [companyId],
        )
      ).map((r) => [r.name.trim().toLowerCase(), r.role_id]),
    );
    const members = new Set(
      (await this.db.query<{ email: string }>('SELECT lower(email) AS email FROM company_members WHERE company_id = $1', [companyId])).map(
        (r) => r.email,
      ),
    );
    const errors: DataImportRowError[] = [];
    const checked: CompanyInviteInput[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      const before = errors.length;
      const roleNames = textOf(row, 'roles')
        .split(/[,;\n]/)
        .map((n) => n.trim())
        .filter(Boolean);
      const unknown = roleNames.filter((n) => !roles.has(n.toLowerCase()));
      if (unknown.length > 0) errors.push(cellError(sheet, row, 'roles', 'roleNotFound'));
      const siteTeam = textOf(row, 'siteTeam').trim().toLowerCase();
      if (!YES.has(siteTeam) && !NO.has(siteTeam)) errors.push(cellError(sheet, row, 'siteTeam', 'invalid'));
      const input: CompanyInviteInput = {
        name: textOf(row, 'name').trim(),
        email: textOf(row, 'email').trim(),
        roleIds: [...new Set(roleNames.map((n) => roles.get(n.toLowerCase()) ?? n))],
        isSiteTeam: YES.has(siteTeam),
      };
      const problems = companyInviteErrors(input);
      for (const [field, codes] of Object.entries(problems))
        errors.push(cellError(sheet, row, field === 'roleIds' ? 'roles' : field, codes[0] ?? 'invalid'));
      if (roleNames.length === 0 && !problems.roleIds) errors.push(cellError(sheet, row, 'roles', 'required'));
      if (!problems.email) {
        const email = normaliseEmail(input.email);
        if (seen.has(email)) errors.push(cellError(sheet, row, 'email', 'emailRepeated'));
        else if (members.has(email.toLowerCase())) errors.push(cellError(sheet, row, 'email', 'userAlreadyMember'));
        seen.add(email);
      }
      if (errors.length === before) checked.push(input);
    }
    return errors.length > 0 ? { errors } : { checked };
  }

  async record(principal: Principal, input: CompanyInviteInput): Promise<string> {
    return (await this.commands.execute(new InviteCompanyMember(principal, input))).id;
  }
}
