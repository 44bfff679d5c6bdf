// The platform's configuration: one stream, `platformConfiguration-settings`, a PlatformSettingChanged per
// change (who: the event's actor; when: its time; why: `reason`; what: `key`, `previous` and `value`).
export const CONFIGURATION_STREAM_TYPE = 'platformConfiguration';
export const CONFIGURATION_STREAM = `${CONFIGURATION_STREAM_TYPE}-settings`;

export type PlatformSettingChanged = {
  type: 'PlatformSettingChanged';
  data: { key: string; previous: number | null; value: number | null; reason: string };
};
export const CONFIGURATION_EVENT_TYPES = ['PlatformSettingChanged'] as const;
