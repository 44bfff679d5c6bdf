// The landing's scripts in one file: left to itself the bundler cuts the modules the entry
// (main.tsx) shares with the lazy pages into chunks of their own (react-router, i18next, the jsx runtime,
// the catalogues, the preload helper...), so the landing fetched 8 scripts where it needs them all at
// once. The embedded server answers HTTP/1.1, where every response carries about 1 KB of headers (the
// security headers included), and small files compress a little worse than one file of the same code.
// So one group: everything the entry imports statically ($initial) goes into the entry's chunk. The lazy
// pages import from it as before; what only they use stays in their own chunks.
//
// Tried and left out (bench:ui, the way into the tender list): the react-admin, MUI and emotion modules
// used by 3 or more signed-in chunks in one chunk (minShareCount 3): 51 -> 28 requests, 284 -> 254 KB, but
// the first load of /article grew from 302 to 340 KB gzipped, over test/browser/admin/first-load.spec.ts's
// 330 KB budget; grouping the admin frame's static closure
// (react-admin's barrel files reach nearly all of MUI, so the frame grew to 1 MB) and grouping node_modules
// by the entries that use them (entriesAware, merge threshold 40 KB): about as many files and bytes as
// the bundler's own splitting.
export const codeSplitting = {
  groups: [{ name: 'index', tags: ['$initial' as const], priority: 10 }],
};
