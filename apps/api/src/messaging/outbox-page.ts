// The developer outbox page as plain HTML. Everything shown came from a message body or an address, so
// every value is escaped; an e-mail's HTML is shown as text, never rendered.

import type { EmailOutboxEntry, SmsOutboxEntry } from './outbox.js';

export const OUTBOX_PAGE_SIZE = 50;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The latest entries first, at most OUTBOX_PAGE_SIZE. */
export function latest<T>(entries: T[]): T[] {
  return entries.slice(-OUTBOX_PAGE_SIZE).reverse();
}

function emailItem(entry: EmailOutboxEntry): string {
  const html = entry.html === undefined ? '' : `<details><summary>HTML</summary><pre>${escapeHtml(entry.html)}</pre></details>`;
  return `<li><p><time>${escapeHtml(entry.at)}</time> to <b>${escapeHtml(entry.to)}</b> (${escapeHtml(entry.purpose)}): ${escapeHtml(entry.subject)}</p><pre>${escapeHtml(entry.text)}</pre>${html}</li>`;
}

function smsItem(entry: SmsOutboxEntry): string {
  return `<li><p><time>${escapeHtml(entry.at)}</time> to <b>${escapeHtml(entry.to)}</b> (${escapeHtml(entry.purpose)})</p><pre>${escapeHtml(entry.text)}</pre></li>`;
}

function section(title: string, items: string[] | undefined): string {
  if (items === undefined) return '';
  const list = items.length === 0 ? '<p>No messages yet.</p>' : `<ol>${items.join('')}</ol>`;
  return `<section><h2>${title}</h2>${list}</section>`;
}

/** A channel left undefined has a real provider, so it has no outbox to show. */
export function renderOutboxPage(email: EmailOutboxEntry[] | undefined, sms: SmsOutboxEntry[] | undefined): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Binaan outbox</title>',
    '<style>body{font-family:system-ui,sans-serif;margin:2rem}pre{white-space:pre-wrap;background:#f4f4f4;padding:.5rem}li{margin-bottom:1rem}</style>',
    '</head><body><h1>Outbox</h1><p>Messages Binaan would have sent, newest first. Developer page: it does not exist in production.</p>',
    section('E-mail', email && latest(email).map(emailItem)),
    section('SMS', sms && latest(sms).map(smsItem)),
    '</body></html>',
  ].join('');
}
