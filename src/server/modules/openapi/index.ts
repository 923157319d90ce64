// The openapi module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { buildOpenApiDocument, type OpenApiDocument } from './document.js';
export { openApiPlugin, type RegisteredRoute } from './routes.js';
