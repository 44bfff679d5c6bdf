// Routes of the platform configuration (base /api/platform-configuration): the settings and a setting's
// history for anyone signed in, a change for a platform administrator (through the CommandBus).
import { Body, Controller, Get, HttpCode, Param, Put, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../common/principal.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { ChangePlatformSetting } from './platform-configuration.commands.js';
import { PlatformConfiguration } from './platform-configuration.service.js';

@ApiTags('platform-configuration')
@Controller('platform-configuration')
export class PlatformConfigurationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly configuration: PlatformConfiguration,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      "Every setting (§9 constants, each package's price and caps): { settings: [{ key, group, kind, value, defaultValue, unlimitedAllowed, allowedValues, changedAt, changedBy, reason }] }; money in sen, rates in basis points, null unlimited",
  })
  list() {
    return this.configuration.list();
  }

  @Get(':key/history')
  @ApiOperation({
    summary: "A setting's changes, newest first: ?after=&limit=; { items: [{ previous, value, reason, changedAt, changedBy }], next }",
  })
  @ApiRefusal(400, 'validationFailed: after or limit')
  history(@Param('key') key: string, @Query() query: Record<string, unknown>) {
    return this.configuration.history(key, query);
  }

  @Put(':key')
  @HttpCode(200)
  @ApiOperation({ summary: 'A platform administrator changes a setting: { value, reason }' })
  @ApiRefusal(409, "settingUnchanged: the value is the setting's value already; wrongExpectedRevision: another change went first")
  change(@Param('key') key: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new ChangePlatformSetting(request.principal!, key, body));
  }
}
