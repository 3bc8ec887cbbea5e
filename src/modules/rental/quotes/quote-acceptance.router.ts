import express, { NextFunction, Request, Response, Router } from 'express';
import { isAppError } from '../../../lib/errors';
import type { RouterDeps } from '../../module';
import type { RentalServices } from '../rental.services';
import { acceptedPage, problemPage, quotePage } from './quote-page';

/** The page is the customer's copy of an offer: not cached, not indexed, never framed (helmet's headers besides). */
function htmlHeaders(res: Response): Response {
  return res.setHeader('Cache-Control', 'no-store').setHeader('X-Robots-Tag', 'noindex').type('html');
}

/** An error of a GET as the problem page (HTML); a 5xx goes to the service's error handler. */
function problemAnswer(res: Response, next: NextFunction, e: unknown): void {
  if (!isAppError(e) || e.status >= 500) return next(e);
  htmlHeaders(res.status(e.status)).send(problemPage(e.status, e.message));
}

/** The page's form (an HTML answer); anything else is answered as JSON with the error body. */
const isForm = (req: Request) => Boolean(req.is('application/x-www-form-urlencoded'));

/** A form's consent box arrives as `yes` (its value), JSON's as `true`. */
function consentOf(req: Request): unknown {
  const value: unknown = (req.body as Record<string, unknown> | undefined)?.consent;
  return isForm(req) ? value === 'yes' || value === 'on' || value === 'true' : value;
}

/**
 * GET and POST /quote-acceptance/:token (docs/rental.md, "The customer's acceptance link"): public (the signed token
 * is the credential), under the read and write budgets per client address like every request without credentials.
 * GET is the printable quote with the form, GET .../pdf the link's version as the quote PDF (the same signed token
 * is its only credential); POST accepts from the form (an HTML answer) or as JSON (the error body).
 */
export function quoteAcceptanceRouter(deps: RouterDeps<RentalServices>): Router {
  const router = Router();
  const service = deps.services.quoteAcceptance;
  router.get(
    '/:token',
    deps.limiter.middleware(() => 'read'),
    async (req, res, next) => {
      try {
        const view = await service.view(deps.orm, String(req.params.token));
        htmlHeaders(res).send(quotePage(view, req.originalUrl));
      } catch (e) {
        problemAnswer(res, next, e);
      }
    },
  );
  router.get(
    '/:token/pdf',
    deps.limiter.middleware(() => 'read'),
    async (req, res, next) => {
      try {
        const file = await service.file(deps.orm, String(req.params.token), (em, organizationId, quoteId, version) =>
          deps.services.documents.quotePdf(em, organizationId, quoteId, version),
        );
        // as the REST file rows name it (Q-1A2B3C4D-v2.pdf: nothing to escape)
        res.setHeader('Cache-Control', 'no-store').setHeader('X-Robots-Tag', 'noindex');
        res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
        res.type(file.contentType).send(Buffer.from(file.base64, 'base64'));
      } catch (e) {
        problemAnswer(res, next, e);
      }
    },
  );
  router.post(
    '/:token',
    deps.limiter.middleware(() => 'write'),
    express.urlencoded({ extended: false, limit: deps.config.bodyLimit, parameterLimit: 20 }),
    async (req, res, next) => {
      const token = String(req.params.token);
      const json = !isForm(req);
      try {
        const quote = await service.accept(deps.orm, token, {
          name: (req.body as Record<string, unknown> | undefined)?.name,
          consent: consentOf(req),
          ip: req.ip ?? 'unknown',
          userAgent: req.get('user-agent')?.slice(0, 500) ?? null,
        });
        if (json)
          return res.json({
            id: quote.id,
            status: quote.status,
            transactionId: quote.orderId,
            acceptance: quote.acceptance,
          });
        htmlHeaders(res).send(acceptedPage(quote));
      } catch (e) {
        if (json || !isAppError(e) || e.status >= 500) return next(e);
        if (e.status === 400) {
          const view = await service.view(deps.orm, token).catch(() => null);
          const problem = (e.details ?? []).map((d) => d.message).join('. ');
          if (view) return htmlHeaders(res.status(400)).send(quotePage(view, req.originalUrl, problem));
        }
        htmlHeaders(res.status(e.status)).send(problemPage(e.status, e.message));
      }
    },
  );
  return router;
}
