// The pages module as other code sees it: modules import one another only through
// their index.ts (ARCHITECTURE.md; eslint.config.js enforces it).

export { DEFAULT_META, pageMeta, renderIndexHtml, type PageMeta } from './meta.js';
export { createPageSender, type SendPage } from './html.js';
export { loadPageRenderer, type PageRenderer } from './renderer.js';
export { pageFormRoutes } from './forms.js';
export { seoRoutes } from './seo.js';
export { compileTemplate, type PageTemplate } from './template.js';
