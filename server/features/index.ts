import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes';
import { contactRoutes } from './contact/routes';
import { healthRoutes } from './health/routes';
import { profileRoutes } from './profile/routes';
import { siteConfigRoutes } from './site-config/routes';

/** Every feature's routes, in one list. Each feature adds its one line here. */
export const featureRoutes: ((app: FastifyInstance) => Promise<void>)[] = [
  healthRoutes,
  siteConfigRoutes,
  authRoutes,
  profileRoutes,
  contactRoutes,
];
