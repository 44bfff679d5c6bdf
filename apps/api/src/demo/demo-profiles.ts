// The demo companies' profiles, so a buyer inviting a seller to a tender has a profile to look at on a fresh
// demo: owners, directors, machinery and track record, and what each company shares (the sellers share their
// shareholders too, saying why). Identity numbers are made up: a birth date and a place code of no real person.

import {
  TrackRecordStatus,
  type DirectorInput,
  type MachineryInput,
  type ShareableTab,
  type ShareholderInput,
  type TrackRecordInput,
  type CompanyInformationInput,
} from '@binaan/contracts';

export type DemoProfile = {
  by: string;
  information: CompanyInformationInput;
  shareholders: ShareholderInput[];
  directors: DirectorInput[];
  machinery: MachineryInput[];
  trackRecord: TrackRecordInput[];
  sharing?: { tabs: ShareableTab[]; reason: string };
};

export const DEMO_PROFILES: Readonly<Record<string, DemoProfile>> = {
  'teguh-bina': {
    by: 'aminah@teguhbina.my',
    information: {
      description: 'A developer and main contractor of homes and schools in Selangor.',
      paidUpCapital: 2_000_000,
      authorisedCapital: 5_000_000,
      dateIncorporated: '2008-07-01',
    },
    shareholders: [
      {
        name: 'Aminah binti Yusof',
        idType: 'mykad',
        idNumber: '790215105522',
        address: '21 Jalan Bukit Jelutong, 40150 Shah Alam',
        designation: 'Managing Director',
        sharePercent: 100,
      },
    ],
    directors: [
      {
        name: 'Aminah binti Yusof',
        idType: 'mykad',
        idNumber: '790215105522',
        address: '21 Jalan Bukit Jelutong, 40150 Shah Alam',
        designation: 'Managing Director',
        appointedDate: '2008-07-01',
      },
    ],
    // Its own plant, offered in a machine request's line picker.
    machinery: [
      { brand: 'Liebherr', model: '81 K.1', capacity: '6 t', type: 'Tower crane', quantity: 1, yearMade: 2016 },
      { brand: 'Hitachi', model: 'ZX200', capacity: '20 t', type: 'Excavator', quantity: 2, yearMade: 2020 },
      { brand: 'JCB', model: '3CX', capacity: '1 m3', type: 'Backhoe loader', quantity: 1, yearMade: 2018 },
    ],
    trackRecord: [
      {
        name: 'Pangsapuri Bukit Jalil, Phase 1',
        location: 'Bukit Jalil, Kuala Lumpur',
        address: 'Jalan Jalil Perkasa',
        type: 'Building',
        startDate: '2023-01-09',
        endDate: null,
        details: 'Two blocks of 20 storeys.',
        contractSum: 52_000_000,
        client: 'Own development',
        status: TrackRecordStatus.InProgress,
      },
    ],
  },
  'mutiara-supplies': {
    by: 'mei@mutiarasupplies.my',
    information: {
      description: 'Cement, steel bars and concrete blocks delivered to sites across the Klang Valley since 2012.',
      paidUpCapital: 500_000,
      authorisedCapital: 1_000_000,
      dateIncorporated: '2012-03-14',
    },
    shareholders: [
      {
        name: 'Chong Mei Ling',
        idType: 'mykad',
        idNumber: '820314105566',
        address: '12 Jalan Kuchai Lama, 58200 Kuala Lumpur',
        designation: 'Managing Director',
        sharePercent: 70,
      },
      {
        name: 'Chong Wai Kit',
        idType: 'mykad',
        idNumber: '850722105577',
        address: '12 Jalan Kuchai Lama, 58200 Kuala Lumpur',
        designation: 'Director',
        sharePercent: 30,
      },
    ],
    directors: [
      {
        name: 'Chong Mei Ling',
        idType: 'mykad',
        idNumber: '820314105566',
        address: '12 Jalan Kuchai Lama, 58200 Kuala Lumpur',
        designation: 'Managing Director',
        appointedDate: '2012-03-14',
      },
      {
        name: 'Chong Wai Kit',
        idType: 'mykad',
        idNumber: '850722105577',
        address: '12 Jalan Kuchai Lama, 58200 Kuala Lumpur',
        designation: 'Director',
        appointedDate: '2015-01-02',
      },
    ],
    machinery: [
      { brand: 'Hino', model: '500 FM', capacity: '16 t', type: 'Lorry', quantity: 4, yearMade: 2018 },
      { brand: 'Isuzu', model: 'NPR', capacity: '5 t', type: 'Lorry', quantity: 3, yearMade: 2020 },
      { brand: 'Toyota', model: '8FD30', capacity: '3 t', type: 'Forklift', quantity: 2, yearMade: 2019 },
      { brand: 'Tadano', model: 'TM-ZE304', capacity: '3 t', type: 'Lorry crane', quantity: 1, yearMade: 2021 },
    ],
    trackRecord: [
      {
        name: 'Supply of cement, Pangsapuri Cheras Indah',
        location: 'Cheras, Kuala Lumpur',
        address: 'Jalan Cheras Indah',
        type: 'Supply',
        startDate: '2022-02-01',
        endDate: '2023-06-30',
        details: '12,000 bags of Portland cement over 17 months.',
        contractSum: 1_250_000,
        client: 'Teguh Bina Sdn Bhd',
        status: TrackRecordStatus.Completed,
      },
      {
        name: 'Steel bars for Sekolah Kebangsaan Puchong Perdana',
        location: 'Puchong, Selangor',
        address: 'Jalan Puchong Perdana',
        type: 'Supply',
        startDate: '2024-04-01',
        endDate: null,
        details: 'Y12 and Y16 bars, delivered to the pour schedule.',
        contractSum: 860_000,
        client: 'Kukuh Jaya Contractor Sdn Bhd',
        status: TrackRecordStatus.InProgress,
      },
    ],
    sharing: {
      tabs: ['information', 'registration', 'shareholders', 'directors', 'machinery', 'trackRecord'],
      reason: 'Buyers on government projects ask who owns and runs us.',
    },
  },
  'kukuh-jaya': {
    by: 'wong@kukuhcontractor.my',
    information: {
      description: 'A G5 building and civil contractor in the Klang Valley.',
      paidUpCapital: 1_500_000,
      authorisedCapital: 2_000_000,
      dateIncorporated: '2015-01-20',
    },
    shareholders: [
      {
        name: 'Wong Kah Seng',
        idType: 'mykad',
        idNumber: '780909085511',
        address: '8 Jalan Setia Indah, 40170 Shah Alam',
        designation: 'Managing Director',
        sharePercent: 100,
      },
    ],
    directors: [
      {
        name: 'Wong Kah Seng',
        idType: 'mykad',
        idNumber: '780909085511',
        address: '8 Jalan Setia Indah, 40170 Shah Alam',
        designation: 'Managing Director',
        appointedDate: '2015-01-20',
      },
    ],
    machinery: [
      { brand: 'Caterpillar', model: '320D', capacity: '20 t', type: 'Excavator', quantity: 2, yearMade: 2017 },
      { brand: 'Komatsu', model: 'PC200', capacity: '20 t', type: 'Excavator', quantity: 1, yearMade: 2019 },
    ],
    trackRecord: [
      {
        name: 'Rumah Mampu Milik Shah Alam, Block C',
        location: 'Shah Alam, Selangor',
        address: 'Seksyen 13',
        type: 'Building',
        startDate: '2021-01-04',
        endDate: '2023-03-31',
        details: 'Eighteen storeys, 240 units.',
        contractSum: 38_500_000,
        client: 'Teguh Bina Sdn Bhd',
        status: TrackRecordStatus.Completed,
      },
    ],
  },
};
