// The company's directory listing change, sent through the CQRS CommandBus like the context's other writes;
// its handler (registered in AccessModule) hands it to DirectoryListingService, where the checks live.
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resolved } from '../common/command-result.js';
import type { Principal } from '../common/principal.js';
import { DirectoryListingService } from './directory-listing.service.js';

export class ChangeDirectoryListing extends Command<Resolved<DirectoryListingService['change']>> {
  constructor(
    readonly principal: Principal,
    readonly body: unknown,
  ) {
    super();
  }
}

@CommandHandler(ChangeDirectoryListing)
export class ChangeDirectoryListingHandler implements ICommandHandler<ChangeDirectoryListing> {
  constructor(private readonly listing: DirectoryListingService) {}
  execute({ principal, body }: ChangeDirectoryListing) {
    return this.listing.change(principal, body);
  }
}
