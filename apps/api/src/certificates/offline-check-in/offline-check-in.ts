// The offline scanner's parts, as CertificatesModule takes them.
import { RecordScansHandler } from './offline-check-in.commands.js';
import { OfflineCheckInController } from './offline-check-in.controller.js';
import { OfflineCheckInService } from './offline-check-in.service.js';

export const OFFLINE_CHECK_IN_CONTROLLERS = [OfflineCheckInController];
export const OFFLINE_CHECK_IN_PROVIDERS = [OfflineCheckInService, RecordScansHandler];
