// Fewer, larger chunks on the two first loads (issue 32). Left to itself the bundler cuts every set of
// modules shared by a different set of lazy pages into a chunk of its own: the landing fetched 8 scripts
// that it needs all at once, and the way into the tender list about 40. The embedded server answers
// HTTP/1.1, where every response carries about 1 KB of headers (the security headers included), and small
// files compress worse than one file of the same code. Two groups:
//   index         everything the entry (main.tsx) imports statically ($initial): the landing's one script.
//   admin-shared  the react-admin, MUI and emotion modules that three or more of the signed-in area's
//                 chunks use (the frame and the pages): fetched once with the frame. What fewer pages use
//                 stays with them. No public page uses these libraries, so none of them loads this chunk.
// bench:ui, before -> after: landing 12 -> 7 requests, 130.3 -> 122.3 KB; sign-in to the tender list 47 -> 28
// requests, 296.1 -> 253.5 KB (with the list's filters made lazy). Sharing by 2 or 5 chunks instead of 3
// measured within 1% of it.
//
// Tried and left out: grouping the frame's static closure (admin/AdminApp.tsx): react-admin's barrel
// files reach nearly all of MUI, so the frame grew to 1 MB; grouping node_modules by the entries that use
// them (entriesAware, merge threshold 40 KB): as many files and bytes as the bundler's own splitting.
export const codeSplitting = {
  groups: [
    { name: 'index', tags: ['$initial' as const], priority: 10 },
    { name: 'admin-shared', test: /[\\/]node_modules[\\/](@mui|@emotion|react-admin|ra-core|ra-ui-materialui|ra-i18n|ra-language|react-hook-form|@tanstack|react-transition-group|@popperjs|inflection|query-string|lodash|react-hotkeys-hook|jsonexport|eventemitter3|react-dropzone|react-error-boundary|dompurify|stylis|@babel[\\/]runtime)[\\/]/, minShareCount: 3, priority: 5 },
  ],
};
