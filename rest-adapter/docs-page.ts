import type { Router } from 'express';
import { assetPageRouter, CSS, JS } from '../src/http/asset-page';

export const DOCS_PATH = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';

/**
 * validatorUrl null: Swagger UI would otherwise send the document to an online validator. Requests made
 * with "Try it out" are same-origin and carry the session cookie: log in with POST /api/auth/login first.
 */
const INIT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#docs',
  validatorUrl: null,
  deepLinking: true,
  withCredentials: true,
  displayRequestDuration: true,
  docExpansion: 'none',
  filter: true,
  tryItOutEnabled: false,
});
`;

/** GET /api/docs: a browsable page of the REST API, rendered in the browser from /api/openapi.json (swagger-ui-dist). */
export function docsRouter(): Router {
  return assetPageRouter({
    path: DOCS_PATH,
    title: 'Equipment-rental CRM: REST API',
    assets: {
      'swagger-ui.css': { from: 'swagger-ui-dist', file: 'swagger-ui.css', type: CSS },
      'swagger-ui-bundle.js': { from: 'swagger-ui-dist', file: 'swagger-ui-bundle.js', type: JS },
      'favicon-32x32.png': { from: 'swagger-ui-dist', file: 'favicon-32x32.png', type: 'image/png' },
    },
    icon: 'favicon-32x32.png',
    styles: ['swagger-ui.css'],
    scripts: ['swagger-ui-bundle.js'],
    body: '  <div id="docs"></div>',
    init: INIT,
  });
}
