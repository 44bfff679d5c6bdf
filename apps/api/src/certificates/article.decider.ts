// Events (the spec's "articles"): the organizer's create body parsed, the stream folded, publish decided,
// and the public registration body parsed (public-area.md §5: name required; e-mail required and valid;
// contact 9 to 12 digits; company name optional). Pure.
import { refusal, invalidFields } from '../common/refusal.js';
import { isEmail, isEventContact, normaliseEmail, type AttendanceRule } from '@binaan/contracts';
import type { StoredEvent } from '@binaan/event-store';
import type { ArticleData, ArticleEvent } from './certificate.events.js';

export type Article = ArticleData & { published: boolean; publishedAt: string | null };

const object = (raw: unknown) => (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const IMAGE = /^(https?:\/\/[^\s]+|\/[^\s]*)$/;

export type ArticleInput = Omit<ArticleData, 'articleId' | 'companyId' | 'by'>;

/** `{ title, location, date, description, otherImage?, minimum_minutes? }`. */
export function parseArticle(raw: unknown): ArticleInput {
  const body = object(raw);
  const problems: Record<string, string[]> = {};
  const title = text(body.title);
  const location = text(body.location);
  const description = typeof body.description === 'string' ? body.description.trim() : '';
  if (title.length === 0 || title.length > 200) problems.title = ['required, at most 200 characters'];
  if (location.length === 0 || location.length > 300) problems.location = ['required, at most 300 characters'];
  if (description.length > 5000) problems.description = ['at most 5000 characters'];
  const date =
    typeof body.date === 'string' && /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(body.date) ? new Date(body.date) : null;
  if (!date || Number.isNaN(date.getTime()) || date.getUTCFullYear() < 2000 || date.getUTCFullYear() > 2100)
    problems.date = ['required: an ISO date or date-time between 2000 and 2100'];
  const images = body.otherImage ?? [];
  if (
    !Array.isArray(images) ||
    images.length > 10 ||
    images.some((image) => typeof image !== 'string' || image.length > 500 || !IMAGE.test(image))
  ) {
    problems.otherImage = ['at most 10 image addresses (http, https or a path from /)'];
  }
  const minutes = body.minimum_minutes ?? 0;
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 0 || minutes > 24 * 60)
    problems.minimum_minutes = ['a whole number of minutes from 0 to 1440'];
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  const attendanceRule: AttendanceRule =
    (minutes as number) > 0 ? { kind: 'minimumDuration', minutes: minutes as number } : { kind: 'checkInAndOut' };
  return { title, location, date: date!.toISOString(), description, otherImage: images as string[], attendanceRule };
}

export function foldArticle(events: readonly StoredEvent[]): Article | null {
  let article = null as Article | null;
  for (const event of events) {
    if (event.type === 'EventArticleCreated') article = { ...(event.data as unknown as ArticleData), published: false, publishedAt: null };
    else if (event.type === 'EventArticlePublished' && article)
      article = { ...article, published: true, publishedAt: (event.data as { at: string }).at };
  }
  return article;
}

export function decidePublish(article: Article, at: Date, by: string): ArticleEvent {
  if (article.published) throw refusal(409, 'articleAlreadyPublished', 'The event is already published.');
  return { type: 'EventArticlePublished', data: { articleId: article.articleId, at: at.toISOString(), by } };
}

/** Registration stays open until the end of the event's day (a day after its start time). */
export function registrationOpen(article: Article, now: Date): boolean {
  return article.published && registrationOpenFor(article.date, now);
}

/** Registration stays open until a day after the event starts (the same rule for the list and the submit). */
export function registrationOpenFor(eventDate: string, now: Date): boolean {
  return now.getTime() < Date.parse(eventDate) + 86_400_000;
}

export type RegistrationInput = { articleId: string; name: string; email: string; contact: string; companyName: string };

/** `{ article_id, name, email, contact, company_name? }`; article_id 0 or missing is no event (404 later). */
export function parseRegistration(raw: unknown): RegistrationInput {
  const body = object(raw);
  const problems: Record<string, string[]> = {};
  const articleId = typeof body.article_id === 'string' || typeof body.article_id === 'number' ? String(body.article_id).trim() : '';
  const name = text(body.name);
  const email = typeof body.email === 'string' ? normaliseEmail(body.email) : '';
  const contact = typeof body.contact === 'string' ? body.contact.replace(/[\s-]/g, '') : '';
  const companyName =
    body.company_name === undefined || body.company_name === null
      ? ''
      : typeof body.company_name === 'string'
        ? body.company_name.trim()
        : null;
  if (articleId.length > 64) problems.article_id = ['not an event id'];
  if (name.length === 0 || name.length > 200) problems.name = ['required, at most 200 characters'];
  if (email.length === 0 || !isEmail(email)) problems.email = ['required, a valid e-mail address'];
  if (!isEventContact(contact)) problems.contact = ['required, 9 to 12 digits'];
  if (companyName === null || companyName.length > 200) problems.company_name = ['optional, at most 200 characters'];
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return { articleId, name, email, contact, companyName: companyName ?? '' };
}
