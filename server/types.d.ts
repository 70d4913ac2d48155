import 'fastify';
import type { Config } from './env';
import type { Database } from './db/client';
import type { Auth } from './features/auth/better-auth';
import type { RouteAccess } from './plugins/access';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    auth: Auth;
    /** Signs session cookies (better-auth's secret); plugins/auth.ts verifies cookies with it. */
    sessionSecret: string;
  }
  interface FastifyContextConfig {
    /** Who may call this route; see server/plugins/access.ts. Required on every route. */
    access?: RouteAccess;
  }
}
