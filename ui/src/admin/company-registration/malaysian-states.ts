// The names of Malaysia's states and federal territories (MalaysianState, spec §3.1), as an address writes
// them in each language. Proper names, not texts to translate: eleven of the sixteen are the same in English
// and Malay, which the catalogues' check (messages-complete.test.ts) rightly reads as texts left in English,
// so they are kept here as data beside the enumeration. Listed as Malaysian forms list them: the states in
// alphabetical order, then the federal territories.
import { MalaysianState, type MalaysianStateValue } from '@binaan/contracts';

type Names = { en: string; ms: string; zh: string };

export const MALAYSIAN_STATE_NAMES: readonly (Names & { value: MalaysianStateValue })[] = [
  { value: MalaysianState.Johor, en: 'Johor', ms: 'Johor', zh: '柔佛' },
  { value: MalaysianState.Kedah, en: 'Kedah', ms: 'Kedah', zh: '吉打' },
  { value: MalaysianState.Kelantan, en: 'Kelantan', ms: 'Kelantan', zh: '吉兰丹' },
  { value: MalaysianState.Malacca, en: 'Malacca', ms: 'Melaka', zh: '马六甲' },
  { value: MalaysianState.NegeriSembilan, en: 'Negeri Sembilan', ms: 'Negeri Sembilan', zh: '森美兰' },
  { value: MalaysianState.Pahang, en: 'Pahang', ms: 'Pahang', zh: '彭亨' },
  { value: MalaysianState.Perak, en: 'Perak', ms: 'Perak', zh: '霹雳' },
  { value: MalaysianState.Perlis, en: 'Perlis', ms: 'Perlis', zh: '玻璃市' },
  { value: MalaysianState.PulauPinang, en: 'Penang', ms: 'Pulau Pinang', zh: '槟城' },
  { value: MalaysianState.Sabah, en: 'Sabah', ms: 'Sabah', zh: '沙巴' },
  { value: MalaysianState.Sarawak, en: 'Sarawak', ms: 'Sarawak', zh: '砂拉越' },
  { value: MalaysianState.Selangor, en: 'Selangor', ms: 'Selangor', zh: '雪兰莪' },
  { value: MalaysianState.Terengganu, en: 'Terengganu', ms: 'Terengganu', zh: '登嘉楼' },
  {
    value: MalaysianState.KualaLumpur,
    en: 'Kuala Lumpur (Federal Territory)',
    ms: 'Wilayah Persekutuan Kuala Lumpur',
    zh: '吉隆坡（联邦直辖区）',
  },
  { value: MalaysianState.Labuan, en: 'Labuan (Federal Territory)', ms: 'Wilayah Persekutuan Labuan', zh: '纳闽（联邦直辖区）' },
  { value: MalaysianState.Putrajaya, en: 'Putrajaya (Federal Territory)', ms: 'Wilayah Persekutuan Putrajaya', zh: '布城（联邦直辖区）' },
];

/** A state's name in the language (English for one not offered); the number itself for a value the list lacks, nothing for none (0). */
export function stateName(value: number | string | undefined, language: string): string {
  const found = MALAYSIAN_STATE_NAMES.find((state) => state.value === Number(value));
  if (!found) return value === undefined || value === '' || value === 0 ? '' : String(value);
  return found[(['en', 'ms', 'zh'] as const).find((l) => language.startsWith(l)) ?? 'en'];
}
