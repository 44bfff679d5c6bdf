// The platform configuration context: the §9 figures and the subscription packages' prices and caps. See README.md here.
import { Module } from '@nestjs/common';
import { PLATFORM_CONFIGURATION_COMMAND_HANDLERS } from './platform-configuration.commands.js';
import { PlatformConfigurationController } from './platform-configuration.controller.js';
import { PlatformConfiguration } from './platform-configuration.service.js';

@Module({
  controllers: [PlatformConfigurationController],
  providers: [...PLATFORM_CONFIGURATION_COMMAND_HANDLERS, PlatformConfiguration],
  exports: [PlatformConfiguration],
})
export class PlatformConfigurationModule {}
