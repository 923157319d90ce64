// The polls module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { pollRoutes } from './routes.js';
export { createPoll, createPollService, readThreadPoll, readVisitorPolls, type NewPoll, type PollService } from './service.js';
export { pollDocs } from './docs.js';
