import { Module } from '@nestjs/common';
import { PlatformStaffController } from './platform-staff.controller.js';
import { PlatformStaffService } from './platform-staff.service.js';

@Module({ controllers: [PlatformStaffController], providers: [PlatformStaffService] })
export class PlatformStaffModule {}
