// Which workflow actions cannot be taken back, and what each does, so the page asks before it sends them
// (approve, reject, cancel, close, revoke). The family is the event's first word: a machine that
// adds `Reject_By_Seller` or `Cancel_Order` is asked about without a change here. Every other action (save,
// request approval, view) goes at once, as before.

export const CONFIRMED_FAMILIES = ['approve', 'reject', 'cancel', 'close', 'revoke', 'terminate', 'confirm', 'accept', 'certify'] as const;
export type ConfirmedFamily = (typeof CONFIRMED_FAMILIES)[number];

/** The family of an event that needs confirming, or null for one that is sent straight away. */
export function confirmationFamily(event: string): ConfirmedFamily | null {
  const first = event.split('_')[0]!.toLowerCase();
  return (CONFIRMED_FAMILIES as readonly string[]).includes(first) ? (first as ConfirmedFamily) : null;
}

/** Whether the confirmation dialog must ask something (a remark, an amount) or only confirm. */
export function needsDialog(event: string, asks: { remark: boolean; amount: boolean }): boolean {
  return asks.remark || asks.amount || confirmationFamily(event) !== null;
}
