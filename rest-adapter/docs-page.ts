import { dirname, join } from 'node:path';
import { Router } from 'express';

export const DOCS_PATH = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';

/** swagger-ui-dist ships the browser bundle: served from node_modules, so the page works without any CDN or network. */
const SWAGGER_UI = dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** No inline script (a Content-Security-Policy of script-src 'self' allows the page). */
const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Equipment-rental CRM: REST API</title>
  <link rel="stylesheet" href="${DOCS_PATH}/assets/swagger-ui.css">
  <link rel="icon" type="image/png" href="${DOCS_PATH}/assets/favicon-32x32.png">
</head>
<body>
  <div id="docs"></div>
  <script src="${DOCS_PATH}/assets/swagger-ui-bundle.js"></script>
  <script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;

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

/** GET /api/docs: a browsable page of the REST API, rendered in the browser from /api/openapi.json. */
export function docsRouter(): Router {
  const router = Router();
  router.get(DOCS_PATH, (_req, res) => {
    res.type('html').send(PAGE);
  });
  router.get(`${DOCS_PATH}/init.js`, (_req, res) => {
    res.type('text/javascript').send(INIT);
  });
  router.get(`${DOCS_PATH}/assets/:file`, (req, res, next) => {
    const type = ASSETS[req.params.file];
    if (!type) return next();
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type(type).sendFile(join(SWAGGER_UI, req.params.file));
  });
  return router;
}
