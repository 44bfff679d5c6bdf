// The certificate as a verifiable credential, the issuer's DID document and the revocation status lists.
// The credential is made on request from the records (nothing of it is stored but its status list index,
// allocated and recorded the first time), signed with the key that signs certificates now. A status list
// is made from the recorded indexes and the certificates revoked in the read model, and signed on request.
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { CLOCK, READ_MODELS, type Clock } from '../../common/principal.js';
import { refusal } from '../../common/refusal.js';
import type { ApiConfig } from '../../config.js';
import { API_CONFIG, EVENT_STORE } from '../../store/store.tokens.js';
import { foldArticle } from '../article.decider.js';
import { articleStream, registrationStream } from '../certificate.events.js';
import { CertificateSigner } from '../certificate-signer.js';
import { foldParticipant, type Participant } from '../participant.decider.js';
import { achievementCredential } from './achievement-credential.js';
import { credentialStatusListStream, type CredentialStatusIndexAllocatedData } from './credential-status.events.js';
import { addProof } from './data-integrity.js';
import { didDocument, didWebOf, verificationMethodId } from './did-web.js';
import { encodeStatusList, STATUS_LIST_LENGTH, statusListCredential, statusListEntry } from './status-list.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const ALLOCATION_ATTEMPTS = 20;

@Injectable()
export class CredentialsService {
  readonly did: string;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly signer: CertificateSigner,
  ) {
    this.did = didWebOf(config.publicUrl);
  }

  statusListUrl(list: number): string {
    return `${this.config.publicUrl}/api/credentials/status/${list}`;
  }

  /** The approved certificate of this registration as a signed OpenBadgeCredential (revoked ones too: their status says so). */
  async credential(registrationId: string) {
    const events = ID.test(registrationId) ? await this.store.readStream(registrationStream(registrationId)) : [];
    const p = foldParticipant(events);
    if (!p?.certificate || !p.approved)
      throw refusal(404, ErrorCodes.certificateNotFound, 'No approved certificate for this registration.');
    const article = foldArticle(await this.store.readStream(articleStream(p.registration.articleId)))!;
    const { list, index } = await this.statusOf(p);
    const credential = achievementCredential({
      publicUrl: this.config.publicUrl,
      issuer: this.did,
      registrationId: p.registration.registrationId,
      certificateNo: p.certificate.certificateNo,
      participantName: p.registration.name,
      issuedAt: p.certificate.issuedAt,
      event: { ...article, articleId: p.registration.articleId },
      status: statusListEntry(this.statusListUrl(list), index),
    });
    return { credential: await this.sign(credential), certificateNo: p.certificate.certificateNo };
  }

  /** The signed BitstringStatusListCredential of list `list` (1, 2, ...), 404 for a list never started. */
  async statusList(list: number) {
    if (!Number.isSafeInteger(list) || list < 1 || !(await this.store.streamHead(credentialStatusListStream(list))))
      throw refusal(404, ErrorCodes.notFound, 'No such status list.');
    const rows = await this.db.query<{ status_index: number }>(
      `SELECT s.status_index FROM cert_credential_status s JOIN cert_registrations r ON r.registration_id = s.registration_id
       WHERE s.list = $1 AND r.revoked_at IS NOT NULL`,
      [list],
    );
    const url = this.statusListUrl(list);
    return this.sign(statusListCredential(url, this.did, this.now(), encodeStatusList(rows.map((r) => Number(r.status_index)))));
  }

  /** The DID document: every published certificate key, rotated ones too. */
  async didDocument() {
    return didDocument(this.did, await this.signer.keys());
  }

  private async sign<T extends { '@context': string[] }>(document: T) {
    // The key is published (recorded, in the DID document) before anything it signs leaves.
    const key = await this.signer.publishedKey(this.now());
    return addProof(document, { privateKey: key.privateKey, verificationMethod: verificationMethodId(this.did, key.kid) }, this.now());
  }

  /** The certificate's status list place: the one recorded, or the next free one, recorded now. */
  private async statusOf(p: Participant): Promise<{ list: number; index: number }> {
    const registrationId = p.registration.registrationId;
    for (let attempt = 0; attempt < ALLOCATION_ATTEMPTS; attempt++) {
      const [held] = await this.db.query<{ list: number; status_index: number }>(
        'SELECT list, status_index FROM cert_credential_status WHERE registration_id = $1',
        [registrationId],
      );
      if (held) return { list: Number(held.list), index: Number(held.status_index) };
      const [last] = await this.db.query<{ list: number | null }>('SELECT max(list) AS list FROM cert_credential_status');
      let list = Number(last?.list ?? 1) || 1;
      let head = await this.store.streamHead(credentialStatusListStream(list));
      if (head && head.revision + 1 >= STATUS_LIST_LENGTH) {
        list += 1;
        head = await this.store.streamHead(credentialStatusListStream(list));
      }
      const index = head ? head.revision + 1 : 0;
      const data: CredentialStatusIndexAllocatedData = {
        list,
        index,
        registrationId,
        certificateNo: p.certificate!.certificateNo,
        at: this.now().toISOString(),
        by: 'system:credentials',
      };
      try {
        await this.store.append({
          streamId: credentialStatusListStream(list),
          streamType: 'credentialStatusList',
          expectedRevision: head ? head.revision : 'no_stream',
          events: [{ type: 'CredentialStatusIndexAllocated', data, metadata: { actorUserId: 'system:credentials' } }],
        });
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error; // another allocation took this index: read again
      }
    }
    throw refusal(409, ErrorCodes.wrongExpectedRevision, 'The status list is busy; try again.');
  }
}
