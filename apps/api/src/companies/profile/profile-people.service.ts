// A shareholder's or director's personal data (they need not be users): exported for the company's
// administrators (to answer the person's request for what is held about them) and the platform administrator,
// and forgotten by the platform administrator (on the person's request, as a user is forgotten): the entry's
// own key is destroyed, so its name, identity number and address read [erased] in every event and read
// model; who forgot it, when and why is recorded on the profile and on personal-data-companyPerson.<entryId>.

import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, hasAnyAccessRight, isPersonList, reasonErrors, type ProfileList } from '@binaan/contracts';
import { personalKeysOf, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../../common/principal.js';
import { refusal } from '../../common/refusal.js';
import { personalDataDeclarations } from '../../personal-data/declarations.js';
import { forgetPerson } from '../../personal-data/forget-person.js';
import { LookupKeys } from '../../personal-data/lookup-keys.js';
import { EVENT_STORE } from '../../store/store.tokens.js';
import { profileStream, personSubject } from './profile.events.js';
import { PROFILE_CHANGE_RIGHT } from './profile.service.js';

export type ProfilePersonExport = {
  format: 'binaan-company-person-data-v1';
  exportedAt: string;
  companyId: string;
  entryId: string;
  list: ProfileList;
  /** Every profile event about this person, their fields opened (or [erased] once forgotten). */
  events: { revision: number; type: string; recordedAt: string; data: unknown }[];
};

@Injectable()
export class CompanyProfilePeopleService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly lookup: LookupKeys,
  ) {}

  /** The chosen company's administrators for their own company (`companyId` null), the platform administrator for any. */
  async export(principal: Principal, companyId: string | null, entryId: string): Promise<ProfilePersonExport> {
    const company = this.whoseCompany(principal, companyId);
    const { list, events } = await this.personEvents(company, entryId);
    return {
      format: 'binaan-company-person-data-v1',
      exportedAt: this.now().toISOString(),
      companyId: company,
      entryId,
      list,
      events: events.map((event) => ({
        revision: event.revision,
        type: event.type,
        recordedAt: event.metadata.recordedAt,
        data: JSON.parse(JSON.stringify(event.data)) as unknown,
      })),
    };
  }

  async forget(principal: Principal, companyId: string, entryId: string, body: unknown) {
    if (principal.userType !== 2) throw refusal(403, ErrorCodes.noAccessRight, 'Only a platform administrator forgets a person.');
    if (principal.readOnly) throw refusal(403, ErrorCodes.readOnlyToken, 'A read-only token cannot change anything.');
    const fields = reasonErrors(body as { reason?: string });
    if (Object.keys(fields).length > 0)
      throw refusal(400, ErrorCodes.validationFailed, 'Give the reason for forgetting this person (1 to 500 characters).', { fields });
    const reason = (body as { reason: string }).reason.trim();
    const { list } = await this.personEvents(companyId, entryId);
    const keys = personalKeysOf(this.store);
    if (!keys) throw refusal(400, ErrorCodes.validationFailed, 'This store does not seal personal data.');
    const [profile] = await this.db.query<{ revision: number }>('SELECT revision FROM company_profiles WHERE company_id = $1', [companyId]);
    await this.store.append({
      streamId: profileStream(companyId),
      streamType: 'companyProfile',
      expectedRevision: 'stream_exists',
      events: [
        {
          type: 'CompanyProfilePersonForgotten',
          data: { list, entryId, reason },
          metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId },
        },
      ],
    });
    const forgotten = await forgetPerson(
      this.store,
      keys,
      this.lookup,
      { subjectId: personSubject(entryId), reason, byUserId: principal.userId, via: 'admin' },
      Object.keys(personalDataDeclarations(this.lookup)),
    );
    return { success: true as const, revision: Number(profile?.revision ?? 0) + 1, rebuilt: forgotten.rebuilt };
  }

  private whoseCompany(principal: Principal, companyId: string | null): string {
    if (companyId !== null && principal.userType === 2) return companyId;
    if (!principal.companyId) throw refusal(403, 'companyNotChosen', 'Choose a company first (company/choose).');
    if ((companyId !== null && companyId !== principal.companyId) || !hasAnyAccessRight(principal.accessRights, PROFILE_CHANGE_RIGHT)) {
      throw refusal(
        403,
        ErrorCodes.noAccessRight,
        `A person's data is exported by the company's administrators (${PROFILE_CHANGE_RIGHT}).`,
      );
    }
    return principal.companyId;
  }

  private async personEvents(companyId: string, entryId: string) {
    const all =
      /^[A-Za-z0-9_-]{1,64}$/.test(companyId) && /^[A-Za-z0-9-]{1,64}$/.test(entryId)
        ? await this.store.readStream(profileStream(companyId))
        : [];
    const events = all.filter((event) => (event.data as { entryId?: unknown }).entryId === entryId);
    const list = (events[0]?.data as { list?: string } | undefined)?.list;
    if (!list || !isPersonList(list))
      throw refusal(404, ErrorCodes.profileEntryNotFound, 'No shareholder or director with this id in the company.');
    return { list: list as ProfileList, events };
  }
}
