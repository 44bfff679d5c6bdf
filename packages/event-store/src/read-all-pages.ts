// The plain way to walk the log page after page: each page asked for when the one before is done. The
// SQL store has its own, which asks for the next page while the caller works on this one.

import type { ReadAllOptions, ReadAllPage } from './types.js';

export async function* pagesOf(
  readAll: (options: ReadAllOptions) => Promise<ReadAllPage>,
  options: ReadAllOptions = {},
): AsyncGenerator<ReadAllPage> {
  let after = options.after ?? 0;
  for (;;) {
    const page = await readAll({ after, ...(options.limit === undefined ? {} : { limit: options.limit }) });
    yield page;
    if (page.isEnd) return;
    after = page.nextAfter;
  }
}
