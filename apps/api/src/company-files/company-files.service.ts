// A company's files: its people with the profile update right upload, replace and remove them; its people
// with the profile view or update right, and the platform administrator (the review), list and download
// them. Anyone else is told the company is not found. The bytes go through the files context's upload
// (files/file-upload.ts: the limits and the type checks while streaming), the record on the company's
// files stream (company-files.events.ts).
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  COMPANY_DOCUMENT_TYPES,
  COMPANY_FILE_MAX_BYTES,
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_TYPES,
  ErrorCodes,
  companyFileDetailsErrors,
  daysUntil,
  malaysianDate,
  removalReasonErrors,
  type CompanyFileCategory,
  type CompanyFileView,
  type CompanyFilesReply,
} from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { hasAnyAccessRight } from '@binaan/contracts';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import type { ApiConfig } from '../config.js';
import { FILE_STORE, type FileStore } from '../files/file-store.port.js';
import { downloadOf, drain, receiveFile } from '../files/file-upload.js';
import { API_CONFIG, EVENT_STORE } from '../store/store.tokens.js';
import { StorageCap, type StorageRoom } from '../subscriptions/storage/storage-cap.service.js';
import {
  bytesInUse,
  COMPANY_FILES_STREAM_TYPE,
  companyFilesStream,
  currentOf,
  foldCompanyFiles,
  type CompanyFilesEvent,
  type DocumentDates,
  type DocumentOnRecord,
} from './company-files.events.js';

type Headers = Record<string, string | string[] | undefined>;
type Reply = { header(name: string, value: string): unknown };

export const VIEW_RIGHTS = ['administration.companyProfile.view', 'administration.companyProfile.update'] as const;
export const CHANGE_RIGHT = 'administration.companyProfile.update' as const;
/** Documents a company may ever have kept (removed ones count): the list stays one complete page. */
export const MAX_DOCUMENTS = 300;

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const noCompany = () => refusal(404, ErrorCodes.companyNotFound, 'This company was not found.');
const noFile = () => refusal(404, ErrorCodes.companyFileNotFound, 'No such file of this company.');
const invalid = (fields: Record<string, string[]>) =>
  refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
const single = (value: unknown) => (Array.isArray(value) ? undefined : value);
const trimmedOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

@Injectable()
export class CompanyFilesService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly storage: StorageCap,
  ) {}

  /** A new document (or the logo): the body is the file; `query` its category, title, reference number and dates. */
  async upload(principal: Principal, companyId: string, query: Record<string, unknown>, body: unknown, headers: Headers) {
    const events = await this.writable(principal, companyId, body);
    const input = Object.fromEntries(
      ['category', 'title', 'referenceNo', 'issuedOn', 'expiresOn'].map((name) => [name, single(query[name])]),
    );
    const fields = companyFileDetailsErrors(input);
    if (Object.keys(fields).length > 0) {
      drain(body);
      throw invalid(fields);
    }
    const category = input.category as CompanyFileCategory;
    const documents = foldCompanyFiles(events);
    if (documents.size >= MAX_DOCUMENTS) {
      drain(body);
      throw refusal(422, ErrorCodes.companyFilesTooMany, `A company keeps at most ${MAX_DOCUMENTS} documents.`);
    }
    if (category === 'logo' && [...documents.values()].some((document) => document.category === 'logo' && document.removed === null)) {
      drain(body);
      throw refusal(409, ErrorCodes.companyLogoExists, 'The company has a logo: replace it instead.');
    }
    const file = await this.receive(category, documents.values(), body, headers, 0, await this.storage.room(companyId));
    const dates = this.datesOf(category, input);
    const title = trimmedOrNull(input.title) ?? file.name.replace(/\.[^.]+$/, '');
    const documentId = randomUUID();
    const revision = await this.storage.within(companyId, file.size, () =>
      this.append(principal, companyId, events, {
        type: 'CompanyFileUploaded',
        data: { companyId, documentId, category, title, ...dates, file, by: principal.userId },
      }),
    );
    return { success: true as const, companyId, documentId, revision };
  }

  /** A new version of a document's file (the old one stays in its history), with the new version's dates. */
  async replace(
    principal: Principal,
    companyId: string,
    documentId: string,
    query: Record<string, unknown>,
    body: unknown,
    headers: Headers,
  ) {
    const events = await this.writable(principal, companyId, body);
    const document = foldCompanyFiles(events).get(documentId);
    if (!document || document.removed !== null) {
      drain(body);
      throw document ? refusal(409, ErrorCodes.companyFileRemoved, 'This document was removed.') : noFile();
    }
    const input = Object.fromEntries(['referenceNo', 'issuedOn', 'expiresOn'].map((name) => [name, single(query[name])]));
    const fields = companyFileDetailsErrors(input, false);
    if (Object.keys(fields).length > 0) {
      drain(body);
      throw invalid(fields);
    }
    const documents = foldCompanyFiles(events);
    // The version replaced leaves the total as the new one comes in.
    const freed = currentOf(document).file.size;
    const file = await this.receive(document.category, documents.values(), body, headers, freed, await this.storage.room(companyId, freed));
    const version = document.versions.length + 1;
    const revision = await this.storage.within(companyId, file.size - freed, () =>
      this.append(principal, companyId, events, {
        type: 'CompanyFileReplaced',
        data: {
          companyId,
          documentId,
          category: document.category,
          version,
          ...this.datesOf(document.category, input),
          file,
          by: principal.userId,
        },
      }),
    );
    return { success: true as const, companyId, documentId, version, revision };
  }

  /** Removes a document with a reason: its record and versions stay in the history. */
  async remove(principal: Principal, companyId: string, documentId: string, body: unknown) {
    const events = await this.writable(principal, companyId, undefined);
    const fields = removalReasonErrors(body);
    if (Object.keys(fields).length > 0) throw invalid(fields);
    const document = foldCompanyFiles(events).get(documentId);
    if (!document) throw noFile();
    if (document.removed !== null) throw refusal(409, ErrorCodes.companyFileRemoved, 'This document was removed already.');
    const reason = (body as { reason: string }).reason.trim();
    const revision = await this.append(principal, companyId, events, {
      type: 'CompanyFileRemoved',
      data: { companyId, documentId, category: document.category, reason, by: principal.userId },
    });
    return { success: true as const, companyId, documentId, revision };
  }

  async list(principal: Principal, companyId: string): Promise<CompanyFilesReply> {
    this.readable(principal, companyId);
    const events = await this.store.readStream(companyFilesStream(companyId));
    const documents = [...foldCompanyFiles(events).values()];
    const names = await this.userNames(
      documents.flatMap((document) => [...document.versions.map((version) => version.by), ...document.history.map((step) => step.by)]),
    );
    const today = malaysianDate(this.now());
    const views = documents.map((document) => viewOf(document, names, today));
    const live = views.filter((view) => view.removed === null);
    return {
      success: true,
      companyId,
      totalSize: bytesInUse(documents),
      totalLimit: this.config.companyFilesTotalBytes,
      logo: live.find((view) => view.category === 'logo') ?? null,
      documents: live.filter((view) => view.category !== 'logo'),
      removed: views.filter((view) => view.removed !== null),
      canChange: principal.companyId === companyId && hasAnyAccessRight(principal.accessRights, CHANGE_RIGHT),
      revision: events.length === 0 ? -1 : events[events.length - 1]!.revision,
    };
  }

  /** One version's bytes (the current one unless `version` says), always as an attachment. */
  async download(principal: Principal, companyId: string, documentId: string, version: string, reply: Reply) {
    this.readable(principal, companyId);
    const document = foldCompanyFiles(await this.store.readStream(companyFilesStream(companyId))).get(documentId);
    const wanted = /^[1-9]\d{0,5}$/.test(version)
      ? document?.versions.find((candidate) => candidate.version === Number(version))
      : undefined;
    if (!wanted) throw noFile();
    return downloadOf(this.files, wanted.file, reply, () => refusal(404, ErrorCodes.companyFileNotFound, 'The file is no longer kept.'));
  }

  /** The company's people with the profile rights, or the platform administrator; anyone else is told nothing is there. */
  private readable(principal: Principal, companyId: string): void {
    if (!ID.test(companyId)) throw noCompany();
    if (principal.userType === 2) return;
    if (principal.companyId !== companyId) throw noCompany();
    if (!hasAnyAccessRight(principal.accessRights, ...VIEW_RIGHTS))
      throw refusal(403, ErrorCodes.noAccessRight, `This needs the access right ${VIEW_RIGHTS.join(' or ')}.`);
  }

  /** The company's files stream, for a person of the chosen company with the update right; the body drained on a refusal. */
  private async writable(principal: Principal, companyId: string, body: unknown) {
    try {
      if (!ID.test(companyId) || principal.companyId !== companyId) throw noCompany();
      if (!hasAnyAccessRight(principal.accessRights, CHANGE_RIGHT))
        throw refusal(403, ErrorCodes.noAccessRight, `This needs the access right ${CHANGE_RIGHT}.`);
      return await this.store.readStream(companyFilesStream(companyId));
    } catch (error) {
      drain(body);
      throw error;
    }
  }

  private receive(
    category: CompanyFileCategory,
    documents: Iterable<DocumentOnRecord>,
    body: unknown,
    headers: Headers,
    freed: number,
    storage: StorageRoom,
  ) {
    const logo = category === 'logo';
    const total = this.config.companyFilesTotalBytes;
    const allowed: readonly string[] = logo ? COMPANY_LOGO_TYPES : COMPANY_DOCUMENT_TYPES;
    return receiveFile(this.files, body, headers, {
      room: total - bytesInUse(documents) + freed,
      storage,
      maxBytes: logo ? COMPANY_LOGO_MAX_BYTES : COMPANY_FILE_MAX_BYTES,
      totalTooLarge: () =>
        refusal(
          413,
          ErrorCodes.companyFilesTotalTooLarge,
          `A company's files may take at most ${formatBytes(total)} in all: remove one first.`,
        ),
      accept: (mediaType) =>
        allowed.includes(mediaType)
          ? null
          : refusal(
              415,
              ErrorCodes.companyFileTypeNotAllowed,
              logo ? 'A logo is a PNG, JPEG or WebP image.' : 'A document is a PDF, an image (PNG, JPEG, WebP) or a Word or Excel file.',
            ),
    });
  }

  /** A logo has no number or dates; a document keeps what was sent. */
  private datesOf(category: CompanyFileCategory, input: Record<string, unknown>): DocumentDates {
    if (category === 'logo') return { referenceNo: null, issuedOn: null, expiresOn: null };
    return {
      referenceNo: trimmedOrNull(input.referenceNo),
      issuedOn: trimmedOrNull(input.issuedOn),
      expiresOn: trimmedOrNull(input.expiresOn),
    };
  }

  private async append(
    principal: Principal,
    companyId: string,
    events: readonly { revision: number }[],
    event: CompanyFilesEvent,
  ): Promise<number> {
    try {
      const result = await this.store.append({
        streamId: companyFilesStream(companyId),
        streamType: COMPANY_FILES_STREAM_TYPE,
        expectedRevision: events.length === 0 ? 'no_stream' : events[events.length - 1]!.revision,
        events: [{ type: event.type, data: event.data, metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId } }],
      });
      return result.nextExpectedRevision;
    } catch (error) {
      // Two changes at once: the second is told to send again (its bytes stay in the store under their hash, unnamed).
      if (error instanceof WrongExpectedRevision)
        throw refusal(409, ErrorCodes.wrongExpectedRevision, "The company's files changed meanwhile. Send it again.");
      throw error;
    }
  }

  private async userNames(ids: readonly (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
    if (wanted.length === 0) return new Map();
    const rows = await this.db.query<{ user_id: string; name: string }>(
      'SELECT user_id, name FROM identity_users WHERE user_id = ANY($1::text[])',
      [wanted],
    );
    return new Map(rows.map((row) => [row.user_id, row.name]));
  }
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3} GB` : bytes >= 1024 ** 2 ? `${Math.round(bytes / 1024 ** 2)} MB` : `${bytes} bytes`;

function viewOf(document: DocumentOnRecord, names: ReadonlyMap<string, string>, today: string): CompanyFileView {
  const versions = document.versions.map((version) => ({
    version: version.version,
    name: version.file.name,
    mediaType: version.file.mediaType,
    size: version.file.size,
    sha256: version.file.sha256,
    uploadedAt: version.at,
    uploadedBy: version.by,
    uploadedByName: names.get(version.by) ?? null,
    issuedOn: version.issuedOn,
    expiresOn: version.expiresOn,
    referenceNo: version.referenceNo,
  }));
  return {
    documentId: document.documentId,
    category: document.category,
    title: document.title,
    referenceNo: document.referenceNo,
    issuedOn: document.issuedOn,
    expiresOn: document.expiresOn,
    expiresInDays: document.expiresOn ? daysUntil(document.expiresOn, today) : null,
    current: versions[versions.length - 1]!,
    versions,
    history: document.history.map((step) => ({ ...step, byName: step.by ? (names.get(step.by) ?? null) : null })),
    removed: document.removed ? { ...document.removed, byName: names.get(document.removed.by) ?? null } : null,
  };
}
