// The demo's events and certificates (README: demo data): Teguh Bina organizes. A briefing held today with
// registrations, check-ins and check-outs (one participant still inside, one repeated scan), certificates
// issued and approved, one e-mailed and one revoked; two upcoming events open for registration; one draft.
export type DemoParticipant = { name: string; email: string; contact: string; companyName?: string; checkIn?: boolean; checkOut?: boolean; certificate?: 'approved' | 'emailed' | 'revoked' };
export type DemoEvent = { key: string; title: string; location: string; days: number; description: string; minimumMinutes?: number; publish: boolean; participants: DemoParticipant[] };

export const DEMO_ORGANIZER = { company: 'teguh-bina', manager: 'aminah@teguhbina.my', scanner: 'farid@teguhbina.my' } as const;
export const DEMO_REVOKE_REASON = 'Attendance was signed for a colleague (demo)';

export const DEMO_EVENTS: readonly DemoEvent[] = [
  {
    key: 'safety-briefing', title: 'Site Safety Briefing 2026: Working at Height', location: 'Menara Teguh Bina, Jalan Ampang, Kuala Lumpur', days: 0, publish: true,
    description: 'Scaffolding inspection, fall arrest systems and permit-to-work.\nFor site supervisors and safety officers.',
    participants: [
      { name: 'Siti Aishah binti Rahman', email: 'siti.aishah@example.my', contact: '0123456781', companyName: 'Kukuh Jaya Contractor Sdn Bhd', checkIn: true, checkOut: true, certificate: 'emailed' },
      { name: 'Rajesh a/l Muthu', email: 'rajesh@example.my', contact: '0123456782', companyName: 'Mutiara Supplies Sdn Bhd', checkIn: true, checkOut: true, certificate: 'approved' },
      { name: 'Chong Wei Ming', email: 'weiming@example.my', contact: '0123456783', checkIn: true, checkOut: true, certificate: 'revoked' },
      { name: 'Nur Farhana binti Ismail', email: 'farhana@example.my', contact: '0123456784', checkIn: true },
      { name: 'Lee Mei Ling', email: 'meiling@example.my', contact: '0123456785' },
    ],
  },
  {
    key: 'green-materials', title: 'Green Building Materials Forum', location: 'MITEC, Kuala Lumpur', days: 14, publish: true, minimumMinutes: 120,
    description: 'Low-carbon concrete, recycled steel and what GreenRE asks of suppliers.',
    participants: [
      { name: 'Ahmad Faizal bin Osman', email: 'faizal@example.my', contact: '0198765431' },
      { name: 'Tan Siew Lan', email: 'siewlan@example.my', contact: '0198765432', companyName: 'Seri Hartanah Berhad' },
    ],
  },
  { key: 'bim-workshop', title: 'BIM for Contractors Workshop', location: 'Cyberjaya', days: 30, publish: true, description: 'Hands-on: quantities from the model into a bill of quantities.', participants: [] },
  { key: 'supplier-day', title: 'Year-end Supplier Day (draft)', location: 'Teguh Bina site office, Shah Alam', days: 60, publish: false, description: 'Not published yet.', participants: [] },
];
