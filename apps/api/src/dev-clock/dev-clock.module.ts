// The development clock's route (dev-clock.controller.ts), only where it may exist: DEV_CLOCK=on, NODE_ENV not
// production, one process (each worker of a cluster would keep an offset of its own). create-app.ts makes the
// app's clock a MovableClock under the same rule, so in production the clock is the machine's, whatever is set.
import { Module, type DynamicModule } from '@nestjs/common';
import type { ApiConfig } from '../config.js';
import { DevClockController } from './dev-clock.controller.js';
import { MovableClock } from './movable-clock.js';

export function devClockAllowed(config: ApiConfig): boolean {
  return config.devClock && config.environment !== 'production' && config.workers === 1;
}

@Module({})
export class DevClockModule {
  static forRoot(clock: MovableClock | null): DynamicModule {
    return clock
      ? { module: DevClockModule, controllers: [DevClockController], providers: [{ provide: MovableClock, useValue: clock }] }
      : { module: DevClockModule };
  }
}
