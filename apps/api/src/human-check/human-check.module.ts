// Provides HUMAN_CHECK (the self-hosted ALTCHA proof of work) to every context, and its challenge route.

import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Secrets } from '../common/secrets.js';
import type { ApiConfig } from '../config.js';
import { AltchaHumanCheck } from './altcha-human-check.js';
import { HumanCheckController } from './human-check.controller.js';
import { HUMAN_CHECK } from './human-check.port.js';

@Global()
@Module({})
export class HumanCheckModule {
  static forRoot(config: ApiConfig, secrets: Secrets): DynamicModule {
    const humanCheck = new AltchaHumanCheck({ hmacKey: secrets.humanCheckHmacKey, maxNumber: config.humanCheckMaxNumber });
    return {
      module: HumanCheckModule,
      controllers: [HumanCheckController],
      providers: [
        { provide: AltchaHumanCheck, useValue: humanCheck },
        { provide: HUMAN_CHECK, useExisting: AltchaHumanCheck },
      ],
      exports: [HUMAN_CHECK],
    };
  }
}
