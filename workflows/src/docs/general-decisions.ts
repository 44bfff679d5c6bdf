// Decisions that hold for every machine, where the spec is silent. Printed at the end of every generated
// doc; workflows/README.md lists the same.
export const GENERAL_DECISIONS: readonly string[] = [
  'Verify level 4 is 23 (next after VerifyLevel3 22); levels 2 to 4 are optional, VerifyLevel1 is always needed.',
  'An approval round needs the levels from VerifyLevel1 up to the first level whose limit in the authority manual covers the amount; above every limit the request is refused (limitExceeded). Without a manual: VerifyLevel1 only. Without an amount: every configured level.',
  'The levels are fixed when the round opens (Request_Approve, Request_Verify, Resubmit): editing the manual later does not change a round under way.',
  'Levels approve in order; each Approve needs exactly the next missing level (a higher level does not stand in for a lower one). One user approves at most one level of a round.',
  'The creator may not approve their own document unless the manual allows it (allowSelfApproval). Reject during a round needs the next missing level, not separation of duties.',
  "A level may need any one of its holders (the default), all of them, or n of its m holders (the manual's quorum); the holders, the number needed and the reject rule are fixed when the round opens, and each person counts once in a round, whoever acted for them. The round moves to the next level only when the level has its quorum.",
  "A reject at a level ends the round at once (the default) or, where the manual says majority, only once more than half the level's holders have rejected; until then each reject is a vote recorded with its remark, the status unchanged, and whoever voted may not approve in that round.",
  "A delegate acts at a level only where their own authority does not reach, with a delegation in force whose delegator holds that level now and whose cap covers the document's amount; the recorded event names the delegate (actor) and the delegator (onBehalfOf). A delegation never lets anyone approve a document they created, as themselves or for its creator, unless the manual allows self-approval, and the delegator counts as having acted.",
  "Escalate is the platform's timer (system only): when a level is overdue, it opens that level of the open round to the manual's escalation target (a named person, or the next level's holders), who may then act at it as its holders do; the status does not change.",
  'Reject, Reject_By_Seller, Reject_By_Buyer and Cancel always need a remark (also Suspend, Terminate, Hold, Close of a project and Reopen where marked).',
  'Own-company actions need the level on the resource in the owner company (project authority for project documents, company authority otherwise); counterparty actions (Confirm, Accept, Certify, Reject_By_Seller, Reject_By_Buyer) need VerifyLevel1 of the counterparty company; View (recorded, status unchanged) needs CreatePropose there.',
  'A document belongs to the company of its creator; the system or an administrator creating one for a company names it (ownerCompanyId), a user may only name their own.',
  'Before Create a document is in the pseudo-status `none` (drawn as [*]); no transition leads back to it.',
  'Final statuses have no way out; the only ways back are explicit (Restore, Reopen, Resubmit) and only where listed.',
  'Each machine has a version; a document keeps the version it was created with, and every recorded event carries it.',
];
