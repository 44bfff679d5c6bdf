// The demo companies that registered their details and chose to be listed in the public contractor directory,
// so the landing's directory has companies to find on a fresh demo: a CIDB contractor and three sellers,
// approved; and a consultant that is listed but still submitted, which the directory leaves out until its
// approval. Websites are under the reserved .example domain: the demo never links to a real company.

import { CompanyType, ContractorSpecialisation, MalaysianState, type CompanyRegistrationInput } from '@binaan/contracts';

/** What the registration form would have recorded besides a DemoCompany's name, numbers and subscription. */
export type DemoDirectoryProfile = {
  registeredBy: string;
  details: Omit<CompanyRegistrationInput, 'name' | 'registrationNo' | 'subscriptionType'>;
  listedBecause: string;
};

const my = (line1: string, city: string, postcode: string, state: number) => ({ line1, city, postcode, state, country: 'MY' as const });

export const DEMO_DIRECTORY: Readonly<Record<string, DemoDirectoryProfile>> = {
  'kukuh-jaya': {
    registeredBy: 'wong@kukuhcontractor.my',
    listedBecause: 'We take on building and civil works in the Klang Valley.',
    details: {
      displayName: 'Kukuh Jaya Contractor',
      companyType: CompanyType.PrivateLimited,
      registrationNoNew: '201501004567',
      companyCode: 'KUKUH',
      address: my('18 Jalan Pelabur 23/1', 'Shah Alam', '40300', MalaysianState.Selangor),
      phone: '+60355418800',
      website: 'https://kukuhjaya.example',
      cidbGrade: 5,
      cidbSpecialisations: [ContractorSpecialisation.Building, ContractorSpecialisation.CivilEngineering],
    },
  },
  'mutiara-supplies': {
    registeredBy: 'mei@mutiarasupplies.my',
    listedBecause: 'Buyers should find us for cement, steel and blocks.',
    details: {
      displayName: 'Mutiara Supplies',
      companyType: CompanyType.PrivateLimited,
      registrationNoNew: '201201002345',
      companyCode: 'MUTI',
      address: my('42 Jalan Kuchai Maju 8', 'Kuala Lumpur', '58200', MalaysianState.KualaLumpur),
      phone: '+60379801234',
      website: 'https://mutiarasupplies.example',
    },
  },
  'bekal-prima': {
    registeredBy: 'aminah@teguhbina.my',
    listedBecause: 'Supplying sites in the south.',
    details: {
      displayName: 'Bekal Prima',
      companyType: CompanyType.PrivateLimited,
      registrationNoNew: '201801003344',
      companyCode: 'BEKAL',
      address: my('7 Jalan Perindustrian 3', 'Johor Bahru', '81200', MalaysianState.Johor),
      phone: '+6072351100',
    },
  },
  'jaya-padu': {
    registeredBy: 'aminah@teguhbina.my',
    listedBecause: 'Hardware and site equipment for northern projects.',
    details: {
      displayName: 'Jaya Padu Trading',
      companyType: CompanyType.PrivateLimited,
      registrationNoNew: '201001001234',
      companyCode: 'JPADU',
      address: my('15 Lebuh Pantai', 'George Town', '10300', MalaysianState.PulauPinang),
      phone: '+6042617788',
      website: 'https://jayapadu.example',
    },
  },
  'baru-consult': {
    registeredBy: 'nurul@baruconsult.my',
    listedBecause: 'Quantity surveying for developers.',
    details: {
      displayName: 'Baru Consult',
      companyType: CompanyType.PrivateLimited,
      registrationNoNew: '202001005678',
      companyCode: 'BARU',
      address: my('3 Jalan Tun Razak', 'Kuala Lumpur', '50400', MalaysianState.KualaLumpur),
      phone: '+60321612020',
    },
  },
};
