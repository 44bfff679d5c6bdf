// The advertisements' routes: /api/admin/advertisements for platform administrators (create with the image
// as the body, edit, a new image, publish, withdraw, the list in ra-data-simple-rest form), and the public
// /api/advertisements (the current ones) and /api/advertisements/<id>/image (a current one's image).
import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AdvertisementRow, PublicAdvertisement } from '@binaan/contracts';
import type { AuthenticatedRequest } from '../common/principal.js';
import { Public } from '../common/public.decorator.js';
import type { HeaderReply } from '../common/reply.js';
import { ApiFileUpload } from '../files/file-upload.openapi.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import {
  CreateAdvertisement,
  EditAdvertisement,
  PublishAdvertisement,
  ReplaceAdvertisementImage,
  WithdrawAdvertisement,
} from './advertisements.commands.js';
import { AdvertisementsService } from './advertisements.service.js';

const apply =
  (decorators: MethodDecorator[]): MethodDecorator =>
  (target, key, descriptor) => {
    for (const decorator of decorators) decorator(target, key, descriptor);
  };
const ADMIN_ONLY = [
  ApiRefusal(401, 'unauthorized: no session'),
  ApiRefusal(403, 'noAccessRight: the caller is not a platform administrator'),
];
const IMAGE_REFUSALS = [
  ...ApiFileUpload(),
  ApiRefusal(413, 'fileTooLarge: the image is over 5 MB'),
  ApiRefusal(
    415,
    'adImageTypeNotAllowed (not a PNG, JPEG or WebP by its bytes), attachmentExecutable, attachmentTypeMismatch, fileExpected, unsupportedMediaType',
  ),
  ApiRefusal(422, 'adImageNotSixteenByNine: the width and height read from the image are not 16:9 within 1 % (fields.image)'),
];

@ApiTags('admin')
@Controller('admin/advertisements')
export class AdvertisementsAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly ads: AdvertisementsService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'The advertisements, newest first',
    description:
      'Platform administrators only. ?filter={"status":"draft"|"published"|"withdrawn","q":"text in the title or link","id":[...]}&range=[from,to] (at most 100 rows)&sort=["createdAt"|"validFrom"|"validTo"|"title","ASC"|"DESC"]. Content-Range carries the total; X-Total-Capped: true when the count stopped at its cap.',
  })
  @ApiResponse({
    status: 200,
    description:
      '[{ id, title, linkUrl, validFrom, validTo, status, current, image: { mediaType, size, width, height }, createdAt, changedAt, revision }]',
  })
  @ApiRefusal(400, 'validationFailed: filter, range or sort not understood')
  @apply(ADMIN_ONLY)
  async list(
    @Query() query: Record<string, unknown>,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: HeaderReply,
  ): Promise<AdvertisementRow[]> {
    const { rows, range, total, capped } = await this.ads.list(request.principal!, query);
    reply.header(
      'Content-Range',
      rows.length === 0 ? `advertisements */${total}` : `advertisements ${range.from}-${range.from + rows.length - 1}/${total}`,
    );
    if (capped) reply.header('X-Total-Capped', 'true');
    reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Capped');
    return rows;
  }

  @Post()
  @HttpCode(201)
  @apply([
    ApiQuery({ name: 'title', required: true, description: "1 to 120 characters (the image's alt text on the landing page)" }),
    ApiQuery({ name: 'linkUrl', required: false, description: 'An https address the advertisement opens (at most 500 characters)' }),
    ApiQuery({ name: 'validFrom', required: true, description: 'YYYY-MM-DD (Malaysian date)' }),
    ApiQuery({ name: 'validTo', required: true, description: 'YYYY-MM-DD, not before validFrom' }),
    ...IMAGE_REFUSALS,
    ...ADMIN_ONLY,
  ])
  @ApiOperation({ summary: 'A new advertisement, a draft until published: the body is its 16:9 image (PNG, JPEG or WebP, at most 5 MB)' })
  @ApiResponse({ status: 201, description: '{ success, advertisementId, revision }' })
  @ApiRefusal(
    400,
    'validationFailed: fields.title (required, tooLong), fields.linkUrl (adLinkNotHttps, tooLong), fields.validFrom / validTo (required, invalidDate, adValidToBeforeValidFrom), fields.name (no X-File-Name)',
  )
  create(@Query() query: Record<string, unknown>, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new CreateAdvertisement(request.principal!, query, body, request.headers));
  }

  @Put(':id')
  @ApiOperation({
    summary: 'New details of an advertisement `{ title, linkUrl, validFrom, validTo, reason }`, with the reason for the change',
  })
  @ApiResponse({ status: 200, description: '{ success, advertisementId, revision }' })
  @ApiRefusal(400, 'validationFailed: fields as for the creation, and fields.reason (required, tooLong)')
  @ApiRefusal(404, 'advertisementNotFound')
  @ApiRefusal(409, 'wrongExpectedRevision: changed meanwhile')
  @apply(ADMIN_ONLY)
  edit(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new EditAdvertisement(request.principal!, id, body));
  }

  @Get(':id/image')
  @ApiProduces('image/png', 'image/jpeg', 'image/webp')
  @ApiOperation({ summary: "An advertisement's current image, whatever its status (the administrators' preview); never cached" })
  @ApiResponse({ status: 200, description: 'The image bytes with their media type' })
  @ApiRefusal(404, 'advertisementNotFound')
  @apply(ADMIN_ONLY)
  image(@Param('id') id: string, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: HeaderReply) {
    return this.ads.adminImage(request.principal!, id, reply);
  }

  @Post(':id/image')
  @HttpCode(200)
  @apply([
    ApiQuery({ name: 'reason', required: true, description: 'Why the image changes (1 to 500 characters)' }),
    ...IMAGE_REFUSALS,
    ...ADMIN_ONLY,
  ])
  @ApiOperation({ summary: 'A new image for an advertisement (the body), with the reason; the old one stays in the history' })
  @ApiResponse({ status: 200, description: '{ success, advertisementId, revision }' })
  @ApiRefusal(400, 'validationFailed: fields.reason')
  @ApiRefusal(404, 'advertisementNotFound')
  replaceImage(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ) {
    return this.commands.execute(new ReplaceAdvertisementImage(request.principal!, id, query, body, request.headers));
  }

  @Post(':id/actions/Publish')
  @HttpCode(200)
  @ApiOperation({ summary: 'Publishes an advertisement `{ reason }`: the landing page shows it while today is within its dates' })
  @ApiResponse({ status: 200, description: '{ success, advertisementId, status: "published", revision }' })
  @ApiRefusal(400, 'validationFailed: fields.reason')
  @ApiRefusal(404, 'advertisementNotFound')
  @ApiRefusal(409, 'advertisementAlreadyPublished, wrongExpectedRevision')
  @apply(ADMIN_ONLY)
  publish(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new PublishAdvertisement(request.principal!, id, body));
  }

  @Post(':id/actions/Withdraw')
  @HttpCode(200)
  @ApiOperation({ summary: 'Withdraws a published advertisement `{ reason }`: the landing page no longer shows it' })
  @ApiResponse({ status: 200, description: '{ success, advertisementId, status: "withdrawn", revision }' })
  @ApiRefusal(400, 'validationFailed: fields.reason')
  @ApiRefusal(404, 'advertisementNotFound')
  @ApiRefusal(409, 'advertisementNotPublished, wrongExpectedRevision')
  @apply(ADMIN_ONLY)
  withdraw(@Param('id') id: string, @Body() body: unknown, @Req() request: AuthenticatedRequest) {
    return this.commands.execute(new WithdrawAdvertisement(request.principal!, id, body));
  }
}

@ApiTags('advertisements')
@Public()
@Controller('advertisements')
export class PublicAdvertisementsController {
  constructor(private readonly ads: AdvertisementsService) {}

  @Get()
  @ApiOperation({
    summary: 'The advertisements shown now: published, today (Malaysian date) within their dates; at most 20, the latest to start first',
  })
  @ApiResponse({ status: 200, description: '[{ id, title, linkUrl, imageUrl, width, height }]' })
  current(@Res({ passthrough: true }) reply: HeaderReply): Promise<PublicAdvertisement[]> {
    reply.header('Cache-Control', 'public, max-age=60');
    return this.ads.current();
  }

  @Get(':id/image')
  @ApiProduces('image/png', 'image/jpeg', 'image/webp')
  @ApiOperation({
    summary: "A current advertisement's image (kept by caches for 5 minutes); a withdrawn, expired, future or draft one is not found",
  })
  @ApiResponse({ status: 200, description: 'The image bytes with their media type' })
  @ApiRefusal(404, 'advertisementNotFound: no such advertisement, or it is not shown now')
  image(@Param('id') id: string, @Res({ passthrough: true }) reply: HeaderReply) {
    return this.ads.image(id, reply);
  }
}
