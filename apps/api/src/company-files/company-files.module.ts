// A company's files and documents (see the README in this folder).
import { Module } from '@nestjs/common';
import { AccessModule } from '../access.module.js';
import { PlatformConfigurationModule } from '../platform-configuration/platform-configuration.module.js';
import { StorageCap } from '../subscriptions/storage/storage-cap.service.js';
import { SubscriptionStanding } from '../subscriptions/subscription-standing.service.js';
import { COMPANY_FILE_COMMAND_HANDLERS } from './company-files.commands.js';
import { CompanyFilesController } from './company-files.controller.js';
import { CompanyFilesService } from './company-files.service.js';
import { CompanyFileExpiryJob } from './expiry/expiry-reminder.job.js';

@Module({
  imports: [AccessModule, PlatformConfigurationModule],
  controllers: [CompanyFilesController],
  providers: [CompanyFilesService, StorageCap, SubscriptionStanding, CompanyFileExpiryJob, ...COMPANY_FILE_COMMAND_HANDLERS],
})
export class CompanyFilesModule {}
