// An advertisement's stream `advertisement-<id>` (type `advertisement`): each creation, edit, new image,
// publication and withdrawal is an event with who (`by`, and the metadata's actor), when (the metadata's
// recordedAt) and, for a change after the creation, why (`reason`). The image's bytes are in the file store,
// never here: its id (= SHA-256), name, media type, size, width and height.
import type { StoredEvent } from '@binaan/event-store';
import type { ReceivedFile } from '../files/file-upload.js';

export const ADVERTISEMENT_STREAM_TYPE = 'advertisement';
export const advertisementStream = (id: string) => `${ADVERTISEMENT_STREAM_TYPE}-${id}`;

export type AdImage = ReceivedFile & { width: number; height: number };
export type AdDetails = { title: string; linkUrl: string | null; validFrom: string; validTo: string };

export type AdvertisementCreated = AdDetails & { advertisementId: string; image: AdImage; by: string };
export type AdvertisementEdited = AdDetails & { advertisementId: string; reason: string; by: string };
export type AdvertisementImageReplaced = { advertisementId: string; image: AdImage; reason: string; by: string };
export type AdvertisementPublished = { advertisementId: string; reason: string; by: string };
export type AdvertisementWithdrawn = { advertisementId: string; reason: string; by: string };

export type AdvertisementEvent =
  | { type: 'AdvertisementCreated'; data: AdvertisementCreated }
  | { type: 'AdvertisementEdited'; data: AdvertisementEdited }
  | { type: 'AdvertisementImageReplaced'; data: AdvertisementImageReplaced }
  | { type: 'AdvertisementPublished'; data: AdvertisementPublished }
  | { type: 'AdvertisementWithdrawn'; data: AdvertisementWithdrawn };

export const ADVERTISEMENT_EVENT_TYPES: readonly AdvertisementEvent['type'][] = [
  'AdvertisementCreated',
  'AdvertisementEdited',
  'AdvertisementImageReplaced',
  'AdvertisementPublished',
  'AdvertisementWithdrawn',
];

export type AdvertisementOnRecord = AdDetails & {
  id: string;
  image: AdImage;
  status: 'draft' | 'published' | 'withdrawn';
  revision: number;
};

/** The advertisement as its events left it; null when it has none. */
export function foldAdvertisement(events: readonly StoredEvent[]): AdvertisementOnRecord | null {
  let ad: AdvertisementOnRecord | null = null;
  for (const stored of events) {
    const event = { type: stored.type, data: stored.data } as AdvertisementEvent;
    if (event.type === 'AdvertisementCreated') {
      const { title, linkUrl, validFrom, validTo, image } = event.data;
      ad = { id: event.data.advertisementId, title, linkUrl, validFrom, validTo, image, status: 'draft', revision: stored.revision };
      continue;
    }
    if (ad === null) continue;
    ad.revision = stored.revision;
    if (event.type === 'AdvertisementEdited')
      Object.assign(ad, {
        title: event.data.title,
        linkUrl: event.data.linkUrl,
        validFrom: event.data.validFrom,
        validTo: event.data.validTo,
      });
    else if (event.type === 'AdvertisementImageReplaced') ad.image = event.data.image;
    else if (event.type === 'AdvertisementPublished') ad.status = 'published';
    else if (event.type === 'AdvertisementWithdrawn') ad.status = 'withdrawn';
  }
  return ad;
}
