// The company setups context: setup items (profit parameters, project categories and regions, questionnaires)
// and the company's terms and agreements. See README.md in this folder.
import { Module } from '@nestjs/common';
import { COMPANY_SETUP_COMMAND_HANDLERS } from './company-setups.commands.js';
import { CompanySetupsController } from './company-setups.controller.js';
import { CompanyTermsController } from './company-terms.controller.js';
import { CompanyTermsService } from './company-terms.service.js';
import { SetupItemsService } from './setup-items.service.js';

@Module({
  controllers: [CompanyTermsController, CompanySetupsController],
  providers: [...COMPANY_SETUP_COMMAND_HANDLERS, SetupItemsService, CompanyTermsService],
  exports: [SetupItemsService],
})
export class CompanySetupsModule {}
