// A demo tender's sellers (DemoDocument.bids): the buyer invites them and each quotes, through the tendering
// context's own service (the same decide, append and projection path as a request). A tender opens at least
// 5 minutes after it is made (§5.3) and the seed cannot wait for that, so the service is built here with a
// clock the seed sets just after the tender's open time (as the certificates seed runs a past event on its
// own times); the store still stamps each event with the real time.
import type { INestApplicationContext } from '@nestjs/common';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { InvitationAllowanceService } from '../tendering/allowance/invitation-allowance.service.js';
import { TenderingService } from '../tendering/tendering.service.js';
import type { DemoBid } from './demo-documents.js';

const MINUTE = 60_000;

/** Invites every bid's seller at once (as the Invitations tab does), then each quotes its rates. */
export async function seedDemoBids(
  app: INestApplicationContext,
  tender: { id: string; openAt: string },
  buyer: Principal,
  bids: readonly DemoBid[],
  principal: (email: string, companyId: string) => Principal,
): Promise<void> {
  const get = <T>(token: symbol | (abstract new (...args: never[]) => unknown)) => app.get<T>(token, { strict: false });
  const openedAt = new Date(Date.parse(tender.openAt) + MINUTE);
  const tendering = new TenderingService(
    get<EventStore>(EVENT_STORE),
    get<SqlExecutor>(READ_MODELS),
    () => openedAt,
    get<InvitationAllowanceService>(InvitationAllowanceService),
  );
  await tendering.invite(buyer, tender.id, { companyIds: bids.map((bid) => bid.seller) });
  for (const bid of bids) {
    await tendering.quote(
      principal(bid.by, bid.seller),
      tender.id,
      { items: bid.rates.map((rate, i) => ({ lineNo: i + 1, rate })) },
      undefined,
    );
  }
}
