import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config';
import type { Logger } from './lib/logger';
import { AuthService } from './modules/auth/auth.service';
import { SessionService } from './modules/auth/session.service';
import { UserService } from './modules/users/user.service';
import { AdminService } from './modules/admin/admin.service';
import { EventEmitter } from './events/event-emitter';

/** The stateless services, built once per process. Each method takes the EntityManager and principal it acts for. */
export function createServices(config: Config) {
  const sessions = new SessionService(config.sessionSecret);
  return {
    events: new EventEmitter(),
    sessions,
    auth: new AuthService(sessions),
    users: new UserService(),
    admin: new AdminService(),
  };
}

export type Services = ReturnType<typeof createServices>;

export interface AppDeps {
  config: Config;
  orm: MikroORM;
  logger: Logger;
  services: Services;
}
