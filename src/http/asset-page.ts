import { dirname, join } from 'node:path';
import { Router } from 'express';

/** A file a browser page loads, served from an installed npm package (no CDN: the page works offline). */
export interface PageAsset {
  /** The package that ships it, e.g. 'swagger-ui-dist'. */
  from: string;
  /** Its path inside the package. */
  file: string;
  type: string;
}

export interface AssetPage {
  /** Where the page answers, e.g. '/api/docs'; its assets are under `${path}/assets/`, its script at `${path}/init.js`. */
  path: string;
  title: string;
  /** By the name the page uses (`${path}/assets/<name>`). */
  assets: Record<string, PageAsset>;
  /** Markup of <body> before the scripts. */
  body: string;
  /** The asset names loaded as scripts, in order, before init.js. */
  scripts: string[];
  /** The asset names loaded as style sheets. */
  styles: string[];
  /** The asset name of the page's icon; none: an empty one (so the browser asks for no /favicon.ico). */
  icon?: string;
  /** The page's own script, served as a file: no inline script, so a Content-Security-Policy of script-src 'self' allows the page. */
  init: string;
}

const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** GET `path`: a browser page built from npm packages' bundles and a script of its own; nothing from another host. */
export function assetPageRouter(page: AssetPage): Router {
  const asset = (name: string) => `${page.path}/assets/${name}`;
  const markup = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${html(page.title)}</title>
${page.styles.map((s) => `  <link rel="stylesheet" href="${asset(s)}">`).join('\n')}
  <link rel="icon" href="${page.icon ? asset(page.icon) : 'data:,'}">
</head>
<body>
${page.body}
${[...page.scripts.map(asset), `${page.path}/init.js`].map((src) => `  <script src="${src}"></script>`).join('\n')}
</body>
</html>
`;
  const files = Object.fromEntries(
    Object.entries(page.assets).map(([name, a]) => [
      name,
      { path: join(dirname(require.resolve(`${a.from}/package.json`)), a.file), type: a.type },
    ]),
  );
  const router = Router();
  router.get(page.path, (_req, res) => {
    res.type('html').send(markup);
  });
  router.get(`${page.path}/init.js`, (_req, res) => {
    res.type('text/javascript').send(page.init);
  });
  router.get(`${page.path}/assets/:file`, (req, res, next) => {
    const file = Object.hasOwn(files, req.params.file) ? files[req.params.file] : undefined;
    if (!file) return next();
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type(file.type).sendFile(file.path);
  });
  return router;
}

export const JS = 'text/javascript; charset=utf-8';
export const CSS = 'text/css; charset=utf-8';
