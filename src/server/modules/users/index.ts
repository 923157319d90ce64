// The users module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { userRoutes } from './routes.js';
export { serializeCurrentUser } from './serializer.js';
export { createUserService, findUserByUsername, type UserService } from './service.js';
export { userDocs } from './docs.js';
