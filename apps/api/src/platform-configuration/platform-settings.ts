// The platform's configured figures (signed-in-area.md §9) and each subscription package's caps and price:
// what every setting is, its kind, its default, and the check a new value must pass (pure).
// Money is integer sen, rates are basis points (600 = 6%), storage is in gigabytes; null is "unlimited"
// where a setting allows it.

export const PACKAGE_TYPES = ['subcontractor', 'supplier'] as const;
export const PACKAGE_TIERS = ['basic', 'advanced', 'elite'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
export type PackageTierName = (typeof PACKAGE_TIERS)[number];
export type PackageId = `${PackageType}-${PackageTierName}`;
export const PACKAGE_IDS: readonly PackageId[] = PACKAGE_TYPES.flatMap((type) => PACKAGE_TIERS.map((tier): PackageId => `${type}-${tier}`));

export type SettingKind = 'money' | 'rate' | 'count' | 'gigabytes';
export type SettingDefinition = {
  key: string;
  /** 'platform' for the §9 constants, else the package id. */
  group: 'platform' | PackageId;
  kind: SettingKind;
  defaultValue: number | null;
  /** null (unlimited) is allowed. */
  unlimitedAllowed: boolean;
  /** The only values allowed (storage sizes of §9), when set. */
  allowedValues?: readonly number[];
};

/** §9's storage sizes, in gigabytes: 10 GB, 100 GB, 500 GB, 1 TB, 10 TB. */
export const STORAGE_SIZES_GB = [10, 100, 500, 1000, 10000] as const;
/** The package figures a package setting key ends with. */
export const PACKAGE_FIGURES = [
  'price',
  'tenderInvitations',
  'awardValuePerYear',
  'purchaseOrderValuePerYear',
  'claimValuePerYear',
  'storageGb',
] as const;
export type PackageFigure = (typeof PACKAGE_FIGURES)[number];
export const packageSettingKey = (packageId: PackageId, figure: PackageFigure) => `package.${packageId}.${figure}`;

const RM = (ringgit: number) => ringgit * 100;
/** Defaults by tier (both package types alike): README.md "Figures the spec does not give". */
const TIER_DEFAULTS: Record<PackageTierName, Record<PackageFigure, number | null>> = {
  basic: {
    price: RM(3_000),
    tenderInvitations: 100,
    awardValuePerYear: RM(2_000_000),
    purchaseOrderValuePerYear: RM(2_000_000),
    claimValuePerYear: RM(2_000_000),
    storageGb: 10,
  },
  advanced: {
    price: RM(7_500),
    tenderInvitations: 1_000,
    awardValuePerYear: RM(20_000_000),
    purchaseOrderValuePerYear: RM(20_000_000),
    claimValuePerYear: RM(20_000_000),
    storageGb: 100,
  },
  elite: {
    price: RM(15_000),
    tenderInvitations: null,
    awardValuePerYear: null,
    purchaseOrderValuePerYear: null,
    claimValuePerYear: null,
    storageGb: 1_000,
  },
};
const FIGURE_KIND: Record<PackageFigure, SettingKind> = {
  price: 'money',
  tenderInvitations: 'count',
  awardValuePerYear: 'money',
  purchaseOrderValuePerYear: 'money',
  claimValuePerYear: 'money',
  storageGb: 'gigabytes',
};

export const SETTINGS: readonly SettingDefinition[] = [
  { key: 'sstRate', group: 'platform', kind: 'rate', defaultValue: 600, unlimitedAllowed: false },
  { key: 'transactionFeeRate', group: 'platform', kind: 'rate', defaultValue: 150, unlimitedAllowed: false },
  { key: 'subscriptionWarningRate', group: 'platform', kind: 'rate', defaultValue: 8_000, unlimitedAllowed: false },
  ...PACKAGE_IDS.flatMap((packageId) => {
    const tier = packageId.split('-')[1] as PackageTierName;
    return PACKAGE_FIGURES.map((figure): SettingDefinition => ({
      key: packageSettingKey(packageId, figure),
      group: packageId,
      kind: FIGURE_KIND[figure],
      defaultValue: TIER_DEFAULTS[tier][figure],
      unlimitedAllowed: figure !== 'price' && figure !== 'storageGb',
      ...(figure === 'storageGb' ? { allowedValues: STORAGE_SIZES_GB } : {}),
    }));
  }),
];
export const SETTINGS_BY_KEY: ReadonlyMap<string, SettingDefinition> = new Map(SETTINGS.map((s) => [s.key, s]));

/** Largest money figure: RM 100 billion (sen), within the integers JSON and PostgreSQL bigint carry exactly. */
const MAX_MONEY = 10_000_000_000_000;
const MAX_COUNT = 1_000_000_000;

/** Why a value does not fit a setting ('required', 'notWhole', 'negative', 'tooLarge', 'notAllowed'), or null when it fits. */
export function settingValueProblem(setting: SettingDefinition, value: unknown): string | null {
  if (value === null) return setting.unlimitedAllowed ? null : 'required';
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'notWhole';
  if (value < 0) return 'negative';
  const max = setting.kind === 'rate' ? 10_000 : setting.kind === 'money' ? MAX_MONEY : MAX_COUNT;
  if (value > max) return 'tooLarge';
  if (setting.allowedValues && !setting.allowedValues.includes(value)) return 'notAllowed';
  return null;
}

export type SettingValues = ReadonlyMap<string, number | null>;

/** Half up for a non-negative amount times a rate in basis points. */
export function applyRate(amountSen: number, basisPoints: number): number {
  return Math.floor((amountSen * basisPoints + 5_000) / 10_000);
}
