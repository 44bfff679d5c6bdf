import { Module } from '@nestjs/common';
import { AccessModule } from '../access.module.js';
import { PERSONAL_DATA_COMMAND_HANDLERS } from './personal-data-command.handlers.js';
import { PersonalDataController } from './personal-data.controller.js';
import { PersonalDataService } from './personal-data.service.js';
import { RetentionJob } from './retention.js';

@Module({
  imports: [AccessModule],
  controllers: [PersonalDataController],
  providers: [...PERSONAL_DATA_COMMAND_HANDLERS, PersonalDataService, RetentionJob],
})
export class PersonalDataModule {}
