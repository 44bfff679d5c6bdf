// The platform's advertisements (see the README in this folder).
import { Module } from '@nestjs/common';
import { ADVERTISEMENT_COMMAND_HANDLERS } from './advertisements.commands.js';
import { AdvertisementsAdminController, PublicAdvertisementsController } from './advertisements.controller.js';
import { AdvertisementsService } from './advertisements.service.js';

@Module({
  controllers: [AdvertisementsAdminController, PublicAdvertisementsController],
  providers: [AdvertisementsService, ...ADVERTISEMENT_COMMAND_HANDLERS],
})
export class AdvertisementsModule {}
