// The vendor appraisals context: a company's appraisals of its vendors. See README.md here.
import { Module } from '@nestjs/common';
import { VENDOR_APPRAISAL_COMMAND_HANDLERS } from './vendor-appraisals.commands.js';
import { VendorAppraisalsController } from './vendor-appraisals.controller.js';
import { VendorAppraisals } from './vendor-appraisals.service.js';

@Module({
  controllers: [VendorAppraisalsController],
  providers: [...VENDOR_APPRAISAL_COMMAND_HANDLERS, VendorAppraisals],
})
export class VendorAppraisalsModule {}
