import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DOCS_INIT_SCRIPT } from './page.js';

const swaggerUiDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** What the docs page loads, by the name it asks for: its type and how to read it (once). */
export const DOCS_ASSETS: Record<string, { type: string; read: () => Buffer }> = {
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', read: () => readFileSync(path.join(swaggerUiDir(), 'swagger-ui-bundle.js')) },
  'swagger-ui.css': { type: 'text/css; charset=utf-8', read: () => readFileSync(path.join(swaggerUiDir(), 'swagger-ui.css')) },
  'init.js': { type: 'text/javascript; charset=utf-8', read: () => Buffer.from(DOCS_INIT_SCRIPT) },
};
