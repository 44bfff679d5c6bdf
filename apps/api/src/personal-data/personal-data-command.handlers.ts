// The handler of the personal-data command (the design card's @nestjs/cqrs).
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ForgetPerson } from './personal-data.commands.js';
import { PersonalDataService } from './personal-data.service.js';

@CommandHandler(ForgetPerson)
export class ForgetPersonHandler implements ICommandHandler<ForgetPerson> {
  constructor(private readonly personalData: PersonalDataService) {}
  execute({ principal, userId, body }: ForgetPerson) {
    return this.personalData.forget(principal, userId, body.reason);
  }
}

export const PERSONAL_DATA_COMMAND_HANDLERS = [ForgetPersonHandler];
