import { Module } from '@nestjs/common';
import { AccessModule } from '../access.module.js';
import { PersonalDataController } from './personal-data.controller.js';
import { PersonalDataService } from './personal-data.service.js';

@Module({
  imports: [AccessModule],
  controllers: [PersonalDataController],
  providers: [PersonalDataService],
})
export class PersonalDataModule {}
