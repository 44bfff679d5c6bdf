// The transparency log's public routes (README.md): signed checkpoints, inclusion and consistency proofs.
// Public on purpose: anyone may check that the log was not rewritten. Nothing here reveals an event's
// content, only its hash and place.
import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { HeaderReply as Response } from '../common/reply.js';
import { Public } from '../common/public.decorator.js';
import { ApiRefusal } from '../openapi/api-replies.decorators.js';
import { TransparencyLogService } from './transparency-log.service.js';

@ApiTags('transparency-log')
@Public()
@Controller('log')
export class TransparencyLogController {
  constructor(private readonly service: TransparencyLogService) {}

  @Get('checkpoints/latest')
  @ApiOperation({
    summary: 'The latest signed checkpoint of the log',
    description:
      'Tree size, root hash (hex), signing time, key id and the signed note (C2SP checkpoint) byte for byte. 404 noCheckpointYet before the first.',
  })
  @ApiRefusal(404, 'noCheckpointYet: no checkpoint was signed yet; transparencyLogUnavailable: the store offers none')
  latest(@Res({ passthrough: true }) response: Response) {
    response.header('Cache-Control', 'no-cache');
    return this.service.latest();
  }

  @Get('checkpoints')
  @ApiOperation({
    summary: 'Signed checkpoints by tree size, a page at a time',
    description: "Keyset list: `after` is the tree size to continue after (the reply's `next`), `limit` 1 to 100 (25). `{ items, next }`.",
  })
  @ApiQuery({ name: 'after', required: false, description: 'The tree size to list after (0: from the first)', schema: { type: 'string' } })
  @ApiQuery({ name: 'limit', required: false, description: 'Checkpoints per page, 1 to 100 (default 25)', schema: { type: 'string' } })
  @ApiRefusal(400, 'validationFailed: after or limit is not a whole number in range')
  list(@Query() query: Record<string, unknown>) {
    return this.service.list(query);
  }

  @Get('inclusion-proof')
  @ApiOperation({
    summary: "An event's inclusion proof into a signed checkpoint",
    description:
      'The event hash, its leaf index, the audit path (RFC 9162 §2.1.3, hex, leaf side first) and the checkpoint: the latest, or the one of `treeSize`.',
  })
  @ApiQuery({ name: 'eventId', required: true, description: 'The event id (UUID)', schema: { type: 'string', format: 'uuid' } })
  @ApiQuery({
    name: 'treeSize',
    required: false,
    description: "A checkpoint's tree size (default: the latest checkpoint)",
    schema: { type: 'string' },
  })
  @ApiRefusal(400, 'validationFailed: eventId is not a UUID, or treeSize not a whole number')
  @ApiRefusal(404, 'eventNotFound: no event has this id; checkpointNotFound: no checkpoint at treeSize; noCheckpointYet')
  @ApiRefusal(409, 'notYetInCheckpoint: the event is recorded after the checkpoint; ask again after the next one')
  inclusion(@Query() query: Record<string, unknown>) {
    return this.service.inclusionProof(query);
  }

  @Get('consistency-proof')
  @ApiOperation({
    summary: 'A consistency proof between two signed checkpoints',
    description: 'RFC 9162 §2.1.4 proof (hex) that the checkpoint of tree size `to` extends the one of `from`, with both checkpoints.',
  })
  @ApiQuery({
    name: 'from',
    required: true,
    description: 'The earlier checkpoint tree size (0: the empty tree)',
    schema: { type: 'string' },
  })
  @ApiQuery({ name: 'to', required: true, description: 'The later checkpoint tree size', schema: { type: 'string' } })
  @ApiRefusal(400, 'validationFailed: from or to is not a whole number')
  @ApiRefusal(404, 'checkpointNotFound: no checkpoint was signed at one of the sizes')
  @ApiRefusal(422, 'badTreeSizes: from is larger than to')
  consistency(@Query() query: Record<string, unknown>) {
    return this.service.consistencyProof(query);
  }
}
