import { Router } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';

/** /healthz: the process answers. /readyz: and its database does too. Neither needs a session nor counts against a limit. */
export function healthRoutes(deps: { orm: MikroORM }): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    try {
      await deps.orm.em.execute('select 1');
      res.json({ status: 'ok', database: 'ok' });
    } catch (err) {
      req.log.error({ err }, 'readiness check failed');
      res
        .status(503)
        .json({ error: 'Service Unavailable', message: 'Database is not reachable', code: 'SERVICE_UNAVAILABLE' });
    }
  });
  return router;
}
