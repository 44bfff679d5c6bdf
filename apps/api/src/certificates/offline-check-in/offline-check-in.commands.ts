// The offline scanner's one write, sent through the CQRS CommandBus by OfflineCheckInController, and its
// handler: a batch of scans from a scanner's queue, handed to OfflineCheckInService.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../../common/command-result.js';
import type { Principal } from '../../common/principal.js';
import { OfflineCheckInService } from './offline-check-in.service.js';

/** Record a batch of scans made on a device (each once, however often it is sent). */
export class RecordScans extends Command<Resolved<OfflineCheckInService['record']>> {
  constructor(
    readonly principal: Principal,
    readonly articleId: string,
    readonly body: unknown,
  ) {
    super();
  }
}

@CommandHandler(RecordScans)
export class RecordScansHandler implements ICommandHandler<RecordScans> {
  constructor(private readonly offline: OfflineCheckInService) {}
  execute({ principal, articleId, body }: RecordScans) {
    return this.offline.record(principal, articleId, body);
  }
}
