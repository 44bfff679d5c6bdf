// The platform's advertisements: platform administrators create them (the image is the request's body),
// edit their details or image, publish and withdraw them; the public reads the current ones and their
// images. Every change is an event on `advertisement-<id>` (advertisement.events.ts). The image goes through
// the files context's upload (size limit, type from its bytes while streaming); its width and height are
// then read from the stored bytes (image-size.ts) and must be 16:9 within 1 %.
import { requireAdminRight } from '../platform-staff/admin-rights.js';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, StreamableFile } from '@nestjs/common';
import {
  AD_IMAGE_MAX_BYTES,
  AD_IMAGE_TYPES,
  ErrorCodes,
  UserType,
  advertisementDetailsErrors,
  advertisementReasonErrors,
  isSixteenByNine,
  malaysianDate,
} from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import type { HeaderReply } from '../common/reply.js';
import { FILE_STORE, type FileStore } from '../files/file-store.port.js';
import { drain, receiveFile } from '../files/file-upload.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { advertisementList, currentAdvertisements, currentImage } from './advertisement-list.js';
import {
  ADVERTISEMENT_STREAM_TYPE,
  advertisementStream,
  foldAdvertisement,
  type AdDetails,
  type AdImage,
  type AdvertisementEvent,
  type AdvertisementOnRecord,
} from './advertisement.events.js';
import { imageSize } from './image-size.js';
import { isUuid } from '../common/uuid.js';

type Headers = Record<string, string | string[] | undefined>;

const single = (value: unknown) => (Array.isArray(value) ? undefined : value);
const invalid = (fields: Record<string, string[]>) =>
  refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
const notFound = () => refusal(404, ErrorCodes.advertisementNotFound, 'No such advertisement.');
const notAdmin = () => refusal(403, ErrorCodes.noAccessRight, 'Only a platform administrator manages advertisements.');
/** The public image may be kept this long by browsers and caches: a withdrawn advertisement is gone from them within 5 minutes. */
const PUBLIC_MAX_AGE = 300;

@Injectable()
export class AdvertisementsService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  /** A new advertisement, a draft until published: its details in the query, its image the body. */
  async create(principal: Principal, query: Record<string, unknown>, body: unknown, headers: Headers) {
    await this.admin(principal, body);
    const details = this.details(query, body);
    const image = await this.receiveImage(body, headers);
    const advertisementId = randomUUID();
    const revision = await this.append(principal, advertisementId, 'no_stream', {
      type: 'AdvertisementCreated',
      data: { advertisementId, ...details, image, by: principal.userId },
    });
    return { success: true as const, advertisementId, revision };
  }

  /** New details (title, link, dates) with the reason for the change. */
  async edit(principal: Principal, id: string, body: unknown) {
    await this.admin(principal);
    const input = (body ?? {}) as Record<string, unknown>;
    const fields = { ...advertisementDetailsErrors(input), ...advertisementReasonErrors(input.reason) };
    if (Object.keys(fields).length > 0) throw invalid(fields);
    const ad = await this.existing(id);
    const revision = await this.append(principal, id, ad.revision, {
      type: 'AdvertisementEdited',
      data: { advertisementId: id, ...detailsOf(input), reason: (input.reason as string).trim(), by: principal.userId },
    });
    return { success: true as const, advertisementId: id, revision };
  }

  /** A new image (the body), with the reason in the query. */
  async replaceImage(principal: Principal, id: string, query: Record<string, unknown>, body: unknown, headers: Headers) {
    await this.admin(principal, body);
    const reason = single(query.reason);
    const fields = advertisementReasonErrors(reason);
    if (Object.keys(fields).length > 0) {
      drain(body);
      throw invalid(fields);
    }
    const ad = await this.existing(id).catch((error: unknown) => {
      drain(body);
      throw error;
    });
    const image = await this.receiveImage(body, headers);
    const revision = await this.append(principal, id, ad.revision, {
      type: 'AdvertisementImageReplaced',
      data: { advertisementId: id, image, reason: (reason as string).trim(), by: principal.userId },
    });
    return { success: true as const, advertisementId: id, revision };
  }

  /** Publishes a draft or a withdrawn advertisement, with a reason: shown on the landing page while today is within its dates. */
  async publish(principal: Principal, id: string, body: unknown) {
    return this.turn(principal, id, body, 'AdvertisementPublished');
  }

  /** Withdraws a published advertisement, with a reason: gone from the landing page at once. */
  async withdraw(principal: Principal, id: string, body: unknown) {
    return this.turn(principal, id, body, 'AdvertisementWithdrawn');
  }

  async list(principal: Principal, query: Record<string, unknown>) {
    await this.admin(principal);
    return advertisementList(this.db, query, this.today());
  }

  current() {
    return currentAdvertisements(this.db, this.today());
  }

  /** A current advertisement's image, cacheable for a short while; 404 for any other (withdrawn, expired, not yet, draft). */
  async image(id: string, reply: HeaderReply): Promise<StreamableFile> {
    const row = isUuid(id) ? await currentImage(this.db, id, this.today()) : null;
    if (row === null) throw notFound();
    const stored = await this.files.get(row.image_file_id);
    if (stored === null) throw notFound();
    reply.header('Cache-Control', `public, max-age=${PUBLIC_MAX_AGE}`);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('ETag', `"${row.image_file_id}"`);
    return new StreamableFile(stored.stream, { type: row.image_media_type, length: stored.size, disposition: 'inline' });
  }

  /** Any advertisement's current image, for the administrators' preview (a draft's too); never kept by a cache. */
  async adminImage(principal: Principal, id: string, reply: HeaderReply): Promise<StreamableFile> {
    await this.admin(principal);
    const ad = await this.existing(id);
    const stored = await this.files.get(ad.image.fileId);
    if (stored === null) throw notFound();
    reply.header('Cache-Control', 'private, no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(stored.stream, { type: ad.image.mediaType, length: stored.size, disposition: 'inline' });
  }

  private async turn(principal: Principal, id: string, body: unknown, type: 'AdvertisementPublished' | 'AdvertisementWithdrawn') {
    await this.admin(principal);
    const reason = (body as { reason?: unknown } | null)?.reason;
    const fields = advertisementReasonErrors(reason);
    if (Object.keys(fields).length > 0) throw invalid(fields);
    const ad = await this.existing(id);
    if (type === 'AdvertisementPublished' && ad.status === 'published')
      throw refusal(409, ErrorCodes.advertisementAlreadyPublished, 'This advertisement is published already.');
    if (type === 'AdvertisementWithdrawn' && ad.status !== 'published')
      throw refusal(409, ErrorCodes.advertisementNotPublished, 'Only a published advertisement can be withdrawn.');
    const revision = await this.append(principal, id, ad.revision, {
      type,
      data: { advertisementId: id, reason: (reason as string).trim(), by: principal.userId },
    });
    return {
      success: true as const,
      advertisementId: id,
      status: type === 'AdvertisementPublished' ? ('published' as const) : ('withdrawn' as const),
      revision,
    };
  }

  private today(): string {
    return malaysianDate(this.now());
  }

  /** A platform administrator with the admin module's advertisement right; a refused upload's body is drained first. */
  private async admin(principal: Principal, body?: unknown): Promise<void> {
    if (principal.userType !== UserType.Admin) {
      drain(body);
      throw notAdmin();
    }
    try {
      await requireAdminRight(this.db, principal, 'admin.advertisement');
    } catch (error) {
      drain(body);
      throw error;
    }
  }

  private details(query: Record<string, unknown>, body: unknown): AdDetails {
    const input = Object.fromEntries(['title', 'linkUrl', 'validFrom', 'validTo'].map((name) => [name, single(query[name])]));
    const fields = advertisementDetailsErrors(input);
    if (Object.keys(fields).length > 0) {
      drain(body);
      throw invalid(fields);
    }
    return detailsOf(input);
  }

  private async existing(id: string): Promise<AdvertisementOnRecord> {
    if (!isUuid(id)) throw notFound();
    const ad = foldAdvertisement(await this.store.readStream(advertisementStream(id)));
    if (ad === null) throw notFound();
    return ad;
  }

  /** The image into the file store (5 MB, PNG / JPEG / WebP by its bytes), then its real size read back: 16:9 or refused. */
  private async receiveImage(body: unknown, headers: Headers): Promise<AdImage> {
    const typeRefused = () =>
      refusal(415, ErrorCodes.adImageTypeNotAllowed, 'An advertisement image is a PNG, JPEG or WebP picture.', {
        fields: { image: [ErrorCodes.adImageTypeNotAllowed] },
      });
    const file = await receiveFile(this.files, body, headers, {
      room: AD_IMAGE_MAX_BYTES,
      maxBytes: AD_IMAGE_MAX_BYTES,
      totalTooLarge: () =>
        refusal(413, 'fileTooLarge', 'An advertisement image may be at most 5 MB.', { fields: { image: ['fileTooLarge'] } }),
      accept: (mediaType) => ((AD_IMAGE_TYPES as readonly string[]).includes(mediaType) ? null : typeRefused()),
    });
    const size = imageSize(await this.bytesOf(file.fileId));
    // The bytes of a refused image stay in the store unnamed (content addressed: the same bytes may be another context's file).
    if (size === null || size.mediaType !== file.mediaType) throw typeRefused();
    if (!isSixteenByNine(size.width, size.height)) {
      throw refusal(
        422,
        ErrorCodes.adImageNotSixteenByNine,
        `The image is ${size.width} x ${size.height}; an advertisement image is 16:9 (for example 1920 x 1080).`,
        {
          fields: { image: [ErrorCodes.adImageNotSixteenByNine] },
          width: size.width,
          height: size.height,
        },
      );
    }
    return { ...file, mediaType: size.mediaType, width: size.width, height: size.height };
  }

  private async bytesOf(fileId: string): Promise<Buffer> {
    const stored = await this.files.get(fileId);
    if (stored === null) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  private async append(principal: Principal, id: string, expected: number | 'no_stream', event: AdvertisementEvent): Promise<number> {
    try {
      const result = await this.store.append({
        streamId: advertisementStream(id),
        streamType: ADVERTISEMENT_STREAM_TYPE,
        expectedRevision: expected,
        events: [{ type: event.type, data: event.data, metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId } }],
      });
      return result.nextExpectedRevision;
    } catch (error) {
      if (error instanceof WrongExpectedRevision)
        throw refusal(409, ErrorCodes.wrongExpectedRevision, 'The advertisement changed meanwhile. Load it again.');
      throw error;
    }
  }
}

function detailsOf(input: Record<string, unknown>): AdDetails {
  const link = typeof input.linkUrl === 'string' ? input.linkUrl.trim() : '';
  return {
    title: (input.title as string).trim(),
    linkUrl: link === '' ? null : link,
    validFrom: input.validFrom as string,
    validTo: input.validTo as string,
  };
}
