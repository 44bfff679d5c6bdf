// Notifications from the inventory (inventory context), to the members of the movement's company who may
// take its next step (the stock machine offers it to them, and they hold a procurement right to write stock),
// never to the one who took this step; each opens the §2.6 page of the movement's kind in its project:
// - a movement recorded (pending): those who may confirm or reject it: `stockReceive` (a receipt),
//   `stockOutUtil` (a use), `stockOut` (a transfer's out side), `stockAdjustment` (an adjustment);
// - a receipt or a transfer confirmed: those who may receive it, `stockReceive` or `transferIn`;
// - a movement rejected, or cancelled by someone else: its recorder, on its kind's page.
import { Inject, Injectable } from '@nestjs/common';
import type { SqlExecutor, StoredEvent } from '@binaan/event-store';
import { availableActions, initialContext, type WorkflowState } from '@binaan/workflows';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { INVENTORY_WRITE, stockActor } from '../inventory/inventory-access.js';
import type { StockLedgerEvent, StockMovementKind } from '../inventory/inventory.events.js';
import { eventData, type PlannedNotification } from './notification.events.js';
import { Recipients } from './recipients.js';

/** The §2.6 inventory page where a movement of each kind waits for its confirmation. */
const PENDING_PAGE: Readonly<Record<StockMovementKind, string>> = {
  receive: 'stockReceive',
  utilisation: 'stockOutUtil',
  transfer: 'stockOut',
  adjustment: 'stockAdjustment',
};
/** Where a confirmed movement waits to be received. */
const RECEIVING_PAGE: Partial<Record<StockMovementKind, string>> = { receive: 'stockReceive', transfer: 'transferIn' };

type StatusChange = Extract<StockLedgerEvent, { type: 'StockMovementStatusChanged' }>['data'];
type MovementRow = { movement_no: string; kind: StockMovementKind; company_id: string; project_id: string; created_by: string };

@Injectable()
export class InventoryNotices {
  constructor(
    private readonly recipients: Recipients,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  async plan(stored: StoredEvent): Promise<PlannedNotification[]> {
    if (stored.type !== 'StockMovementStatusChanged') return [];
    const d = stored.data as unknown as StatusChange;
    const event = String(d.change.workflowEvent);
    const [movement] = await this.db.query<MovementRow>(
      'SELECT movement_no, kind, company_id, project_id, created_by FROM stock_movements WHERE movement_id = $1',
      [d.movementId],
    );
    if (!movement) return [];
    const actorId = stored.metadata.actorUserId ?? null;
    const notice = (userIds: string[], src: string) => {
      const data = eventData({
        document_no: movement.movement_no,
        project_id: movement.project_id,
        recipient_company_id: movement.company_id,
        status: d.change.statusAfter,
        workflow_event: event,
        remark: d.change.remark ?? null,
        actor_user_id: actorId,
      });
      return userIds
        .filter((userId) => userId !== actorId)
        .map((userId) => ({ userId, module: 'inventory', src, srcId: d.movementId, eventData: data }));
    };
    if (event === 'Create') return notice(await this.mayTake(movement, d, ['Confirm', 'Reject']), PENDING_PAGE[movement.kind]);
    const receiving = RECEIVING_PAGE[movement.kind];
    if (event === 'Confirm' && receiving) return notice(await this.mayTake(movement, d, ['Receive_Part', 'Receive_All']), receiving);
    if (event === 'Reject' || event === 'Cancel') return notice([movement.created_by], PENDING_PAGE[movement.kind]);
    return [];
  }

  /** The company's members the stock machine offers one of `events` on the movement now, with a right to write stock. */
  private async mayTake(movement: MovementRow, d: StatusChange, events: readonly string[]): Promise<string[]> {
    // The stock machine's guards are the actor's levels alone: the status is all the state they need.
    const state: WorkflowState<'stock'> = { status: d.change.statusAfter, context: initialContext('stock', d.change.machineVersion) };
    const told: string[] = [];
    for (const member of await this.recipients.members(movement.company_id)) {
      if (!(await this.recipients.holdsAny(member.userId, movement.company_id, [...INVENTORY_WRITE]))) continue;
      const principal = { userId: member.userId, userType: member.userType } as Principal;
      const actor = await stockActor(this.db, principal, movement.company_id, movement.project_id);
      if (availableActions('stock', state, actor).some((action) => events.includes(action.event))) told.push(member.userId);
    }
    return told;
  }
}
