// The door's decisions made on the device, with no network: which ticket a scanned code is (the SHA-256
// of the code against the digests kept), and what a scan means given the state last fetched and the scans
// made here since. The rule is the server's (apps/api/src/certificates/participant.decider.ts,
// attendanceFromScans): the earliest check-in counts, and the latest check-out at or after it.
import type { FailedScanReason, ScanDirectionName, ScanResult, ScannerTicket } from '@binaan/contracts';

export type LocalScan = { registration_id: string; direction: ScanDirectionName; at: string };
export type Attendance = { in: string | null; out: string | null };

export async function sha256Hex(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A ticket's check-in and check-out from the state fetched and the scans made here since. */
export function attendanceOf(
  ticket: Pick<ScannerTicket, 'registration_id' | 'checked_in_at' | 'checked_out_at'>,
  scans: readonly LocalScan[],
): Attendance {
  const mine = scans.filter((s) => s.registration_id === ticket.registration_id);
  let checkIn = ticket.checked_in_at;
  for (const s of mine) if (s.direction === 'checkIn' && (!checkIn || Date.parse(s.at) < Date.parse(checkIn))) checkIn = s.at;
  if (!checkIn) return { in: null, out: null };
  const from = Date.parse(checkIn);
  let out = ticket.checked_out_at && Date.parse(ticket.checked_out_at) >= from ? ticket.checked_out_at : null;
  for (const s of mine)
    if (s.direction === 'checkOut' && Date.parse(s.at) >= from && (!out || Date.parse(s.at) > Date.parse(out))) out = s.at;
  return { in: checkIn, out };
}

/** What a scan made now means, before it is sent: as the server will decide it from the same scans. */
export function localResult(before: Attendance, direction: ScanDirectionName): ScanResult | FailedScanReason {
  if (direction === 'checkIn') return before.in ? 'alreadyCheckedIn' : 'checkedIn';
  return before.in ? 'checkedOut' : 'notCheckedIn';
}

export function insideOf(tickets: readonly ScannerTicket[], scans: readonly LocalScan[]): number {
  return tickets.filter((t) => {
    const a = attendanceOf(t, scans);
    return a.in !== null && a.out === null;
  }).length;
}
