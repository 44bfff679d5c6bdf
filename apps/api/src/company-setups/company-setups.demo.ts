// The demo's setups, a guide to what a company keeps: Teguh Bina's project categories (those its demo projects
// were written with) and regions, two profit parameters, a tender evaluation questionnaire and a subcontractor
// appraisal, recorded as its administrator made them. No terms: the demo's people would meet them at every
// company choice; publishing a version is left to whoever tries the page.
import { randomUUID } from 'node:crypto';
import type { SetupKind } from '@binaan/contracts';
import type { EventStore } from '@binaan/event-store';
import { setupStream, SETUP_STREAM_TYPE, type SetupFields } from './setup-items.events.js';

const COMPANY = 'teguh-bina';
const question = (sequence: number, text: string, weight: number) => ({ id: `demo-q${sequence}`, sequence, text, weight });

export const DEMO_SETUPS: Readonly<Record<SetupKind, SetupFields[]>> = {
  projectCategory: [
    { name: 'Commercial building', description: 'Offices, shops and hotels' },
    { name: 'Residential', description: 'Houses and apartments' },
    { name: 'Infrastructure', description: 'Roads, bridges and drainage' },
  ],
  projectRegion: [
    { name: 'Central', description: 'Selangor, Kuala Lumpur, Putrajaya' },
    { name: 'Northern', description: 'Penang, Kedah, Perak, Perlis' },
    { name: 'Southern', description: 'Johor, Malacca, Negeri Sembilan' },
  ],
  profitParameter: [
    { name: 'OP-10', description: 'Overhead and profit 10%' },
    { name: 'OP-15', description: 'Overhead and profit 15%, design and build' },
  ],
  questionnaire: [
    {
      name: 'Main works technical evaluation',
      description: 'Scored by the tender committee after the close',
      type: 'tenderEvaluation',
      minScore: 0,
      maxScore: 100,
      questions: [
        question(1, 'Method statement and programme', 40),
        question(2, 'Similar projects completed', 35),
        question(3, 'Safety and health record', 25),
      ],
    },
    {
      name: 'Subcontractor appraisal',
      description: 'After each work package',
      type: 'vendorAppraisal',
      minScore: 1,
      maxScore: 5,
      questions: [question(1, 'Quality of work', 40), question(2, 'Keeps to the programme', 40), question(3, 'Site safety', 20)],
    },
  ],
};

export async function seedDemoSetups(store: EventStore, administratorUserId: string): Promise<void> {
  for (const [kind, items] of Object.entries(DEMO_SETUPS) as [SetupKind, SetupFields[]][]) {
    await store.append({
      streamId: setupStream(COMPANY, kind),
      streamType: SETUP_STREAM_TYPE,
      expectedRevision: 'no_stream',
      events: items.map((fields) => ({
        type: 'SetupItemCreated',
        data: { itemId: randomUUID(), kind, fields, reason: null },
        metadata: { actorUserId: administratorUserId, actorCompanyId: COMPANY, correlationId: 'demo-seed' },
      })),
    });
  }
}
