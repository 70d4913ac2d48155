import 'fastify';
import type { Config } from './env';
import type { Database } from './db/client';
import type { Auth } from './features/auth/better-auth';
import type { FeatureContext } from './features/context';
import type { JobRunner } from './jobs/runner';
import type { MailSettings } from './mail/settings';
import type { RouteAccess } from './plugins/access';
import type { PageDocuments } from './plugins/prerendered-pages';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    auth: Auth;
    /** What e-mails need from configuration; passed to every notify function (mail/notify.ts). */
    mail: MailSettings;
    /**
     * What the features that move an order and the consumers of its moves need (server/features/context.ts): the
     * job sender, mail settings, billing issuer, certificate key and the consumers of order events (decision 058).
     */
    context: FeatureContext;
    /** The job runner (server/jobs): queues jobs in a transaction, and works them on worker instances. */
    jobs: JobRunner;
    /** Signs session cookies (better-auth's secret); plugins/auth.ts verifies cookies with it. */
    sessionSecret: string;
    /** The built client's pages (plugins/static.ts); null without a build (an API-only test app). */
    pages: { documents: PageDocuments | null };
  }
  interface FastifyContextConfig {
    /** Who may call this route; see server/plugins/access.ts. Required on every route. */
    access?: RouteAccess;
  }
}
