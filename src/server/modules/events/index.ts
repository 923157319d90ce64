// The events module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { eventRoutes } from './routes.js';
export { createLiveEvents, type LiveEvents, type LiveEventsOptions } from './hub.js';
export { boardTopic, latestEventId, pruneEventLog, recordEvent, tagTopic, threadTopic, userTopic, type NewEvent } from './log.js';
export { endSessions } from './session-ends.js';
export { announceAuthored } from './authors.js';
export { eventDocs } from './docs.js';
