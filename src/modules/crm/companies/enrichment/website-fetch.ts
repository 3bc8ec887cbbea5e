import { guardedFetch } from '../../../../events/guarded-fetch';
import type { HostResolver } from '../../../../events/url-guard';
import { analyzeWebsite, type SiteAnalysis } from '../../../../ai/insights/website-analysis';

const MAX_REDIRECTS = 3;

/**
 * Reads a company's home page through the webhooks' SSRF guard (every redirect target checked again, at
 * most three), capped in size and time, and analyses it (src/ai/insights/website-analysis.ts). Throws with
 * a short reason (recorded in the enrichment's steps) when the page cannot be read.
 */
export class WebsiteReader {
  constructor(
    private readonly opts: { timeoutMs: number; maxBytes: number; allowPrivate: boolean; resolve?: HostResolver },
  ) {}

  async analyze(website: string): Promise<SiteAnalysis & { url: string }> {
    const url = /^https?:\/\//i.test(website) ? website : `https://${website}`;
    const res = await guardedFetch(url, {
      headers: {
        accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.5',
        'user-agent': 'crm-website-analysis/1',
      },
      timeoutMs: this.opts.timeoutMs,
      maxBytes: this.opts.maxBytes,
      maxRedirects: MAX_REDIRECTS,
      allowPrivate: this.opts.allowPrivate,
      resolve: this.opts.resolve,
    });
    if (res.status < 200 || res.status >= 300) throw new Error(`the site answered HTTP ${res.status}`);
    const type = String(res.headers['content-type'] ?? 'text/html');
    if (!/text\/html|application\/xhtml|text\/plain/i.test(type))
      throw new Error(`the site answered ${type}, not a page`);
    return { url: res.url, ...analyzeWebsite(res.body.toString('utf8'), res.url) };
  }
}
