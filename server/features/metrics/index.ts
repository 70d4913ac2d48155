/** Prometheus metrics (decision 028): registered by app.ts at the root, before the feature routes. */
export { metricsPlugin, METRICS_UNAUTHORIZED } from './routes';
