// The personal-data context's command, sent through the CQRS CommandBus by PersonalDataController; its
// handler (personal-data-command.handlers.ts) hands it to PersonalDataService, where the checks live.
import { Command } from '@nestjs/cqrs';
import type { Principal } from '../common/principal.js';
import type { Resolved } from '../common/command-result.js';
import type { ForgetPersonDto } from './personal-data.dto.js';
import type { PersonalDataService } from './personal-data.service.js';

/** A platform administrator forgets a person (their keys destroyed, PersonalDataForgotten recorded). */
export class ForgetPerson extends Command<Resolved<PersonalDataService['forget']>> {
  constructor(
    readonly principal: Principal,
    readonly userId: string,
    readonly body: ForgetPersonDto,
  ) {
    super();
  }
}
