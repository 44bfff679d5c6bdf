// The approval timers: due times of waiting approval levels, their reminders and escalations (README).
import { Module } from '@nestjs/common';
import { ApprovalTimersJob } from './approval-timers.job.js';
import { ApprovalDueTimes } from './approval-due-times.js';

@Module({ providers: [ApprovalTimersJob, ApprovalDueTimes], exports: [ApprovalDueTimes] })
export class ApprovalTimersModule {}
