// The demo's events and certificates (README: demo data): Teguh Bina organizes. A briefing held on a fixed
// past day with registrations, check-ins and check-outs (one participant never checked out, one repeated
// scan), certificates issued and approved, one e-mailed and one revoked; two upcoming events open for
// registration; one draft. The past event's times are fixed and its ids derived from its key, and the
// seed signs with the demo key, so its certificates' QR texts are the same on every fresh start (the
// README names two of them; a test holds the README to the seed).
export type DemoParticipant = {
  name: string;
  email: string;
  contact: string;
  companyName?: string;
  checkIn?: boolean;
  checkOut?: boolean;
  certificate?: 'approved' | 'emailed' | 'revoked';
};
/** `heldAt`: a past event's fixed start; otherwise `days` from today (upcoming). */
export type DemoEvent = {
  key: string;
  title: string;
  location: string;
  description: string;
  minimumMinutes?: number;
  publish: boolean;
  participants: DemoParticipant[];
} & ({ heldAt: string } | { days: number });

export const DEMO_ORGANIZER = { company: 'teguh-bina', manager: 'aminah@teguhbina.my', scanner: 'farid@teguhbina.my' } as const;
export const DEMO_REVOKE_REASON = 'Attendance was signed for a colleague (demo)';

export const DEMO_EVENTS: readonly DemoEvent[] = [
  {
    // 9 am in Kuala Lumpur.
    key: 'safety-briefing',
    title: 'Site Safety Briefing 2026: Working at Height',
    location: 'Menara Teguh Bina, Jalan Ampang, Kuala Lumpur',
    heldAt: '2026-02-10T01:00:00.000Z',
    publish: true,
    description: 'Scaffolding inspection, fall arrest systems and permit-to-work.\nFor site supervisors and safety officers.',
    participants: [
      {
        name: 'Siti Aishah binti Rahman',
        email: 'siti.aishah@example.my',
        contact: '0123456781',
        companyName: 'Kukuh Jaya Contractor Sdn Bhd',
        checkIn: true,
        checkOut: true,
        certificate: 'emailed',
      },
      {
        name: 'Rajesh a/l Muthu',
        email: 'rajesh@example.my',
        contact: '0123456782',
        companyName: 'Mutiara Supplies Sdn Bhd',
        checkIn: true,
        checkOut: true,
        certificate: 'approved',
      },
      { name: 'Chong Wei Ming', email: 'weiming@example.my', contact: '0123456783', checkIn: true, checkOut: true, certificate: 'revoked' },
      { name: 'Nur Farhana binti Ismail', email: 'farhana@example.my', contact: '0123456784', checkIn: true },
      { name: 'Lee Mei Ling', email: 'meiling@example.my', contact: '0123456785' },
    ],
  },
  {
    key: 'green-materials',
    title: 'Green Building Materials Forum',
    location: 'MITEC, Kuala Lumpur',
    days: 14,
    publish: true,
    minimumMinutes: 120,
    description: 'Low-carbon concrete, recycled steel and what GreenRE asks of suppliers.',
    participants: [
      { name: 'Ahmad Faizal bin Osman', email: 'faizal@example.my', contact: '0198765431' },
      { name: 'Tan Siew Lan', email: 'siewlan@example.my', contact: '0198765432', companyName: 'Seri Hartanah Berhad' },
    ],
  },
  {
    key: 'bim-workshop',
    title: 'BIM for Contractors Workshop',
    location: 'Cyberjaya',
    days: 30,
    publish: true,
    description: 'Hands-on: quantities from the model into a bill of quantities.',
    participants: [],
  },
  {
    key: 'supplier-day',
    title: 'Year-end Supplier Day (draft)',
    location: 'Teguh Bina site office, Shah Alam',
    days: 60,
    publish: false,
    description: 'Not published yet.',
    participants: [],
  },
];
