// The reports context: figures drawn from its own read models, live or as of a past time. See README.md here.
import { Module } from '@nestjs/common';
import { ReportsController } from './reports.controller.js';
import { Reports } from './reports.service.js';

@Module({
  controllers: [ReportsController],
  providers: [Reports],
})
export class ReportsModule {}
