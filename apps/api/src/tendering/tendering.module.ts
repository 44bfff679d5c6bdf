// The tendering context: invitations to a tender and sealed quotations, beside the `tender` document.
// Conventions: see the README in this folder.
import { Module } from '@nestjs/common';
import { ANALYSIS_COMMAND_HANDLERS } from './analysis/analysis.commands.js';
import { AnalysisController } from './analysis/analysis.controller.js';
import { AnalysisService } from './analysis/analysis.service.js';
import { AwardTenderHandler } from './award/award.commands.js';
import { AwardController } from './award/award.controller.js';
import { AwardService } from './award/award.service.js';
import { ComparisonController } from './comparison/comparison.controller.js';
import { ComparisonService } from './comparison/comparison.service.js';
import { TENDERING_COMMAND_HANDLERS } from './tendering-command.handlers.js';
import { TenderingController } from './tendering.controller.js';
import { TenderingService } from './tendering.service.js';

@Module({ controllers: [TenderingController, ComparisonController, AwardController, AnalysisController], providers: [...TENDERING_COMMAND_HANDLERS, AwardTenderHandler, ...ANALYSIS_COMMAND_HANDLERS, TenderingService, ComparisonService, AwardService, AnalysisService] })
export class TenderingModule {}
