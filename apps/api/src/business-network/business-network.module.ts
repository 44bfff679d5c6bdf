import { Module } from '@nestjs/common';
import { BusinessNetworkController } from './business-network.controller.js';
import { BusinessNetworkService } from './business-network.service.js';

@Module({ controllers: [BusinessNetworkController], providers: [BusinessNetworkService] })
export class BusinessNetworkModule {}
