// Commands on the platform configuration, sent through the CQRS CommandBus by its controller.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../common/command-result.js';
import type { Principal } from '../common/principal.js';
import { PlatformConfiguration } from './platform-configuration.service.js';

export class ChangePlatformSetting extends Command<Resolved<PlatformConfiguration['change']>> {
  constructor(
    readonly principal: Principal,
    readonly key: string,
    readonly body: unknown,
  ) {
    super();
  }
}

@CommandHandler(ChangePlatformSetting)
export class ChangePlatformSettingHandler implements ICommandHandler<ChangePlatformSetting> {
  constructor(private readonly configuration: PlatformConfiguration) {}
  execute({ principal, key, body }: ChangePlatformSetting) {
    return this.configuration.change(principal, key, body);
  }
}

export const PLATFORM_CONFIGURATION_COMMAND_HANDLERS = [ChangePlatformSettingHandler];
