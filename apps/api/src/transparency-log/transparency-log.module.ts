// The transparency log: a Merkle tree over the global log, signed checkpoints and their proofs. See README.md.
import { Module } from '@nestjs/common';
import type { ApiConfig } from '../config.js';
import { API_CONFIG } from '../store/store.tokens.js';
import { LOG_KEYRING, LogKeyring } from './log-keys.js';
import { LogCheckpointer } from './log-checkpointer.js';
import { TransparencyLogController } from './transparency-log.controller.js';
import { TransparencyLogService } from './transparency-log.service.js';

@Module({
  controllers: [TransparencyLogController],
  providers: [
    {
      provide: LOG_KEYRING,
      useFactory: (config: ApiConfig) =>
        new LogKeyring(config.dataDir, config.transparencyLog.signingKey, config.environment === 'production'),
      inject: [API_CONFIG],
    },
    LogCheckpointer,
    TransparencyLogService,
  ],
  exports: [TransparencyLogService, LogCheckpointer],
})
export class TransparencyLogModule {}
