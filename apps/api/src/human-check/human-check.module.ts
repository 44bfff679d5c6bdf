// Provides HUMAN_CHECK (the self-hosted ALTCHA proof of work) to every context, and its challenge route.

import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Secrets } from '../common/secrets.js';
import type { ApiConfig } from '../config.js';
import { AltchaHumanCheck } from './altcha-human-check.js';
import { HumanCheckController } from './human-check.controller.js';
import { HUMAN_CHECK } from './human-check.port.js';
import { SHARED_LIMITS, type SharedLimits } from '../limits/shared-limits.port.js';

@Global()
@Module({})
export class HumanCheckModule {
  static forRoot(config: ApiConfig, secrets: Secrets): DynamicModule {
    return {
      module: HumanCheckModule,
      controllers: [HumanCheckController],
      providers: [
        // The used solutions go to SHARED_LIMITS (LimitsModule, global): one list for every API process.
        {
          provide: AltchaHumanCheck,
          useFactory: (used: SharedLimits) =>
            new AltchaHumanCheck({ hmacKey: secrets.humanCheckHmacKey, maxNumber: config.humanCheckMaxNumber, used }),
          inject: [SHARED_LIMITS],
        },
        { provide: HUMAN_CHECK, useExisting: AltchaHumanCheck },
      ],
      exports: [HUMAN_CHECK],
    };
  }
}
