// The waitlist texts, without zod: the web app imports this module at run time, so no chunk gains zod for a text.
// ../waitlist.ts re-exports them with its schemas, which take them from here: one source for the web, the server and
// the schemas (decision 008). Keep value imports out of this file.

export const WAITLIST_TEXTS = {
  removing: 'Removing from waitlist...',
  removed: 'You have been removed from the waitlist',
  notFull: 'This session has places available: book it instead.',
  alreadyWaiting: 'You are already on the waitlist for this session.',
} as const;
