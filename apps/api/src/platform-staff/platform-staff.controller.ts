// The admin module's staff: the platform administrators and their rights, and the caller's own rights.
import { Body, Controller, Get, Param, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../common/principal.js';
import { PlatformStaffService } from './platform-staff.service.js';

const ERROR = { schema: { $ref: '#/components/schemas/ErrorReply' } };

@ApiTags('admin')
@Controller('admin/staff')
export class PlatformStaffController {
  constructor(private readonly staff: PlatformStaffService) {}

  @Get('me')
  @ApiOperation({
    summary: "The caller's own admin module rights",
    description: "For a platform administrator: the rights the admin module's pages check (every one until a colleague sets theirs).",
  })
  @ApiResponse({ status: 200, description: '{ rights: ["admin.company", ...] }' })
  @ApiResponse({ status: 403, description: 'noAccessRight: not a platform administrator', ...ERROR })
  mine(@Req() request: AuthenticatedRequest) {
    return this.staff.mine(request.principal!);
  }

  @Get()
  @ApiOperation({
    summary: 'The platform administrators and their admin module rights',
    description: "Needs the admin module's user right. Oldest account first.",
  })
  @ApiResponse({ status: 200, description: '[{ userId, name, email, status, rights, rightsSetAt }]' })
  @ApiResponse({ status: 403, description: 'noAccessRight (not a platform administrator) or adminRightMissing (no user right)', ...ERROR })
  list(@Req() request: AuthenticatedRequest) {
    return this.staff.list(request.principal!);
  }

  @Put(':userId/rights')
  @ApiOperation({
    summary: "Set a platform administrator's admin module rights",
    description:
      "Needs the user right; never one's own. Body: { rights: [...] (at least one), reason } (3 to 500 characters), recorded with who set them.",
  })
  @ApiResponse({ status: 200, description: 'the staff member with their rights' })
  @ApiResponse({ status: 400, description: 'validationFailed: rights empty or unknown, reason missing', ...ERROR })
  @ApiResponse({ status: 403, description: 'noAccessRight or adminRightMissing', ...ERROR })
  @ApiResponse({ status: 404, description: 'notFound: no platform administrator has this id', ...ERROR })
  @ApiResponse({ status: 409, description: 'cannotChangeOwnRights', ...ERROR })
  setRights(@Param('userId') userId: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.staff.setRights(request.principal!, userId, body);
  }
}
