// A company's profile: read by its people who may see it (administration.companyProfile.view / .update),
// changed by those who may change it (.update), seen whole by the platform administrator who reviews it, and by
// any other approved company's people as far as the company shares it. Decisions read the read models (fed in
// the append's transaction) and append at the profile's revision, so two changes at once cannot both pass a
// rule on the whole list (the shares' total): the second is refused with 409 and read again.

import { Inject, Injectable } from '@nestjs/common';
import {
  CompanySubmissionStatus,
  DEFAULT_SHARED_TABS,
  ErrorCodes,
  MACHINERY_READ_RIGHTS,
  PERSON_LISTS,
  SHAREABLE_TABS,
  hasAnyAccessRight,
  isPersonList,
  maskIdNumber,
  profileProblems,
  type CompanyInformationInput,
  type CompanyProfileView,
  type CompanyRegistrationInput,
  type ProfileEntry,
  type ProfileEntryPage,
  type ProfileList,
  type ProfileProblem,
  type ShareableTab,
} from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../../authority/authority.service.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../../common/principal.js';
import { refusal } from '../../common/refusal.js';
import { EVENT_STORE } from '../../store/store.tokens.js';
import { decideAdd, decideEdit, decideInformation, decideRemove, decideSharing, parseList } from './profile.decider.js';
import { profileStream, type CompanyProfileEvent } from './profile.events.js';
import { allEntries, entryQuery, profileEntryPage } from './profile-entries-list.js';
import { parseBefore, profileHistory } from './profile-history.js';

export const PROFILE_VIEW_RIGHTS = ['administration.companyProfile.view', 'administration.companyProfile.update'] as const;
export const PROFILE_CHANGE_RIGHT = 'administration.companyProfile.update' as const;

type CompanyRow = {
  company_id: string;
  name: string;
  status: number;
  is_demo: boolean;
  details: CompanyRegistrationInput | string | null;
  registration_no: string;
};
type ProfileRow = {
  revision: number;
  information: CompanyInformationInput | string | null;
  shared_tabs: string[] | string | null;
  sharing_changed_at: Date | string | null;
  sharing_changed_by: string | null;
  sharing_reason: string | null;
};
/** How the caller sees a profile: which tabs, identity numbers whole or masked, may change it. */
type Seeing = { tabs: readonly ShareableTab[]; unmasked: boolean; editable: boolean };

const parsed = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const textArray = (value: string[] | string | null): string[] | null =>
  value === null
    ? null
    : typeof value === 'string'
      ? value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
      : value;

@Injectable()
export class CompanyProfileService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  /** The chosen company's own profile: every tab; identity numbers whole for those who may change it. */
  async own(principal: Principal): Promise<CompanyProfileView> {
    const companyId = companyOf(principal, ...PROFILE_VIEW_RIGHTS);
    const mayChange = hasAnyAccessRight(principal.accessRights, PROFILE_CHANGE_RIGHT);
    return this.view(await this.company(companyId), {
      tabs: SHAREABLE_TABS,
      unmasked: mayChange,
      editable: mayChange && !principal.readOnly,
    });
  }

  /**
   * Another company's profile: the platform administrator sees every tab (identity numbers masked: they are
   * the company's to see whole); anyone else, in a company of their own, the tabs an approved company shares.
   * The caller's own company answers as `own`.
   */
  async ofCompany(principal: Principal, companyId: string): Promise<CompanyProfileView> {
    if (principal.companyId === companyId && hasAnyAccessRight(principal.accessRights, ...PROFILE_VIEW_RIGHTS)) return this.own(principal);
    const company = await this.company(companyId);
    return this.view(company, await this.seeingOther(principal, company));
  }

  /** One page of a list of the chosen company (`ownCompany`), or of another as far as it is shared. */
  async entries(principal: Principal, companyId: string | null, listName: string, raw: Record<string, unknown>) {
    const list = parseList(listName);
    const query = entryQuery(raw);
    let seeing: Seeing;
    let id: string;
    if (companyId === null || (companyId === principal.companyId && hasAnyAccessRight(principal.accessRights, ...PROFILE_VIEW_RIGHTS))) {
      id = companyOf(principal, ...PROFILE_VIEW_RIGHTS);
      seeing = { tabs: SHAREABLE_TABS, unmasked: hasAnyAccessRight(principal.accessRights, PROFILE_CHANGE_RIGHT), editable: false };
      await this.company(id);
    } else {
      const company = await this.company(companyId);
      id = companyId;
      seeing = await this.seeingOther(principal, company);
    }
    if (!seeing.tabs.includes(list)) throw refusal(403, ErrorCodes.noAccessRight, 'The company does not share this tab.');
    const page = await profileEntryPage(this.db, id, list, query);
    return { items: page.items.map((entry) => masked(list, entry, seeing.unmasked)), next: page.next };
  }

  /**
   * The chosen company's machinery for a line's picker (a machine request's): the profile's machinery list, a
   * page by brand and model, searched in brand, model, type and capacity, for those who see the profile and
   * those who raise machine requests (MACHINERY_READ_RIGHTS). Always the caller's own company.
   */
  async machinery(principal: Principal, raw: Record<string, unknown>): Promise<ProfileEntryPage<'machinery'>> {
    const companyId = companyOf(principal, ...MACHINERY_READ_RIGHTS);
    const page = await profileEntryPage(this.db, companyId, 'machinery', entryQuery(raw));
    return page as ProfileEntryPage<'machinery'>;
  }

  async editInformation(principal: Principal, body: unknown, ifMatch: string | undefined) {
    const { companyId, revision } = await this.forChange(principal, ifMatch);
    return this.append(companyId, revision, [decideInformation(body, this.now())], principal);
  }

  async addEntry(principal: Principal, listName: string, body: unknown) {
    const list = parseList(listName);
    const { companyId, revision } = await this.forChange(principal, undefined);
    const event = decideAdd(list, body, this.now(), { entries: isPersonList(list) ? await allEntries(this.db, companyId, list) : [] });
    const reply = await this.append(companyId, revision, [event], principal);
    return { ...reply, id: (event.data as { entryId: string }).entryId };
  }

  async editEntry(principal: Principal, listName: string, entryId: string, body: unknown, ifMatch: string | undefined) {
    const list = parseList(listName);
    const { companyId, revision } = await this.forChange(principal, ifMatch);
    const event = decideEdit(list, entryId, body, this.now(), { entries: await this.currentFor(companyId, list, entryId) });
    return event ? this.append(companyId, revision, [event], principal) : { success: true as const, revision };
  }

  async removeEntry(principal: Principal, listName: string, entryId: string, body: unknown, ifMatch: string | undefined) {
    const list = parseList(listName);
    const { companyId, revision } = await this.forChange(principal, ifMatch);
    return this.append(
      companyId,
      revision,
      [decideRemove(list, entryId, body, { entries: await this.currentFor(companyId, list, entryId) })],
      principal,
    );
  }

  async share(principal: Principal, body: unknown, ifMatch: string | undefined) {
    const { companyId, revision } = await this.forChange(principal, ifMatch);
    const profile = await this.profileRow(companyId);
    const event = decideSharing(body, textArray(profile?.shared_tabs ?? null) ?? DEFAULT_SHARED_TABS);
    return event ? this.append(companyId, revision, [event], principal) : { success: true as const, revision };
  }

  /** The chosen company's profile history, newest first (`before`: the `next` of the page before). */
  async history(principal: Principal, raw: Record<string, unknown>) {
    const companyId = companyOf(principal, ...PROFILE_VIEW_RIGHTS);
    const before = parseBefore(raw.before);
    const profile = await this.profileRow(companyId);
    return profileHistory(this.store, this.db, companyId, profile ? Number(profile.revision) : -1, before);
  }

  /** The rules that span tabs as they stand: what Submit refuses on (each with its code and tab). */
  async problemsOf(companyId: string, companyType: number): Promise<ProfileProblem[]> {
    const [shareholders, directors] = await Promise.all(PERSON_LISTS.map((list) => allEntries(this.db, companyId, list)));
    return profileProblems(companyType, shareholders as unknown as { sharePercent: number }[], directors!);
  }

  private async seeingOther(principal: Principal, company: CompanyRow): Promise<Seeing> {
    if (principal.userType === 2) return { tabs: SHAREABLE_TABS, unmasked: false, editable: false };
    if (!principal.companyId) throw refusal(403, 'companyNotChosen', 'Choose a company first (company/choose).');
    // As in the directory: approved companies only, demo and real never mixed; anything else is not found.
    const [own] = await this.db.query<{ is_demo: boolean }>('SELECT is_demo FROM companies WHERE company_id = $1', [principal.companyId]);
    if (Number(company.status) !== CompanySubmissionStatus.Approved || !own || own.is_demo !== company.is_demo)
      throw refusal(404, ErrorCodes.companyNotFound, 'This company was not found.');
    const profile = await this.profileRow(company.company_id);
    return { tabs: (textArray(profile?.shared_tabs ?? null) ?? DEFAULT_SHARED_TABS) as ShareableTab[], unmasked: false, editable: false };
  }

  private async view(company: CompanyRow, seeing: Seeing): Promise<CompanyProfileView> {
    const companyId = company.company_id;
    const profile = await this.profileRow(companyId);
    const details = parsed<CompanyRegistrationInput>(company.details);
    const companyType = details?.companyType ?? 5;
    const shows = (tab: ShareableTab) => seeing.tabs.includes(tab);
    const people = async (list: 'shareholders' | 'directors') =>
      shows(list) ? (await allEntries(this.db, companyId, list)).map((entry) => masked(list, entry, seeing.unmasked)) : null;
    const [shareholders, directors] = [await people('shareholders'), await people('directors')];
    const sharedTabs = (textArray(profile?.shared_tabs ?? null) ?? DEFAULT_SHARED_TABS) as ShareableTab[];
    const [changer] = profile?.sharing_changed_by
      ? await this.db.query<{ name: string }>('SELECT name FROM identity_users WHERE user_id = $1', [profile.sharing_changed_by])
      : [];
    const full = seeing.tabs.length === SHAREABLE_TABS.length;
    return {
      companyId,
      name: company.name,
      companyType,
      tabs: [...seeing.tabs],
      information: shows('information')
        ? (parsed<CompanyInformationInput>(profile?.information ?? null) ?? {
            description: '',
            paidUpCapital: null,
            authorisedCapital: null,
            dateIncorporated: null,
          })
        : null,
      registration: shows('registration') ? registrationOf(company, details) : null,
      shareholders: shareholders as CompanyProfileView['shareholders'],
      directors: directors as CompanyProfileView['directors'],
      idNumbersMasked: !seeing.unmasked,
      // Who chose what to share, and why, is the company's own business; others see only the tabs.
      sharing: full
        ? {
            tabs: sharedTabs,
            changedAt: profile?.sharing_changed_at ? new Date(profile.sharing_changed_at).toISOString() : null,
            changedBy: changer?.name ?? null,
            reason: profile?.sharing_reason ?? null,
          }
        : { tabs: sharedTabs, changedAt: null, changedBy: null, reason: null },
      problems: full ? await this.problemsOf(companyId, companyType) : [],
      editable: seeing.editable && Number(company.status) !== CompanySubmissionStatus.Archived,
      revision: profile ? Number(profile.revision) : -1,
    };
  }

  private async forChange(
    principal: Principal,
    ifMatch: string | undefined,
  ): Promise<{ companyId: string; revision: number | 'no_stream' }> {
    if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    const companyId = companyOf(principal, PROFILE_CHANGE_RIGHT);
    const company = await this.company(companyId);
    if (Number(company.status) === CompanySubmissionStatus.Archived)
      throw refusal(409, ErrorCodes.companyArchived, 'An archived company keeps its profile as it was.');
    const profile = await this.profileRow(companyId);
    const revision = profile ? Number(profile.revision) : ('no_stream' as const);
    if (ifMatch !== undefined && ifMatch.replace(/^(W\/)?"?|"?$/g, '') !== String(profile ? revision : -1)) {
      throw refusal(
        409,
        ErrorCodes.wrongExpectedRevision,
        `The profile changed: it is at revision ${profile ? revision : -1}. Read it again.`,
      );
    }
    return { companyId, revision };
  }

  /** The list's entries a change is decided on: a person list whole (shares, counts), another list the entry alone. */
  private async currentFor(companyId: string, list: ProfileList, entryId: string): Promise<ProfileEntry[]> {
    if (isPersonList(list)) return allEntries(this.db, companyId, list);
    const rows = await this.db.query<{
      entry_id: string;
      fields: Record<string, unknown> | string;
      added_at: Date | string;
      changed_at: Date | string;
      sort_key: string;
    }>(
      'SELECT entry_id, sort_key, fields, added_at, changed_at FROM company_profile_entries WHERE company_id = $1 AND list = $2 AND entry_id = $3',
      [companyId, list, entryId],
    );
    return rows.map((row) => ({ ...(parsed(row.fields) as object), id: row.entry_id, addedAt: '', changedAt: '' }) as ProfileEntry);
  }

  private async append(companyId: string, expected: number | 'no_stream', events: CompanyProfileEvent[], principal: Principal) {
    try {
      const result = await this.store.append({
        streamId: profileStream(companyId),
        streamType: 'companyProfile',
        expectedRevision: expected,
        events: events.map((event) => ({
          type: event.type,
          data: event.data as never,
          metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId },
        })),
      });
      return { success: true as const, revision: result.nextExpectedRevision };
    } catch (error) {
      if (error instanceof WrongExpectedRevision)
        throw refusal(409, ErrorCodes.wrongExpectedRevision, 'The profile changed meanwhile. Read it again.');
      throw error;
    }
  }

  async company(companyId: string): Promise<CompanyRow> {
    const [row] = /^[A-Za-z0-9_-]{1,64}$/.test(companyId)
      ? await this.db.query<CompanyRow>(
          'SELECT company_id, name, status, is_demo, details, registration_no FROM companies WHERE company_id = $1',
          [companyId],
        )
      : [];
    if (!row) throw refusal(404, ErrorCodes.companyNotFound, 'This company was not found.');
    return row;
  }

  private async profileRow(companyId: string): Promise<ProfileRow | null> {
    const [row] = await this.db.query<ProfileRow>(
      'SELECT revision, information, shared_tabs, sharing_changed_at, sharing_changed_by, sharing_reason FROM company_profiles WHERE company_id = $1',
      [companyId],
    );
    return row ?? null;
  }
}

/** A person entry's identity number, masked unless the caller may see it whole. */
export function masked(list: ProfileList, entry: ProfileEntry, unmasked: boolean): ProfileEntry {
  if (unmasked || !isPersonList(list)) return entry;
  const idNumber = (entry as { idNumber?: unknown }).idNumber;
  return { ...entry, idNumber: typeof idNumber === 'string' ? maskIdNumber(idNumber) : idNumber } as ProfileEntry;
}

function registrationOf(company: CompanyRow, details: CompanyRegistrationInput | null): CompanyProfileView['registration'] {
  if (!details) {
    return {
      name: company.name,
      displayName: company.name,
      companyType: 5,
      registrationNo: company.registration_no,
      registrationNoNew: '',
      sstNo: null,
      address: { line1: '', city: '', postcode: '', state: 0, country: 'MY' },
      phone: '',
      fax: null,
      website: null,
    };
  }
  return {
    name: details.name,
    displayName: details.displayName,
    companyType: details.companyType,
    registrationNo: details.registrationNo,
    registrationNoNew: details.registrationNoNew,
    sstNo: details.sstNo || null,
    address: details.address,
    phone: details.phone,
    fax: details.fax || null,
    website: details.website || null,
  };
}
