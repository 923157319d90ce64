// The votes module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { voteRoutes } from './routes.js';
export { createVoteService, type VoteService } from './service.js';
export { voteDocs } from './docs.js';
