import FastifyOtelInstrumentation from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyPluginCallback } from 'fastify';

export interface Tracing {
  /** Registered before any route (app.ts), so every request gets a span named by its route pattern. */
  plugin: FastifyPluginCallback;
  /** Sends what is buffered, then stops (app close). */
  shutdown: () => Promise<void>;
}

/**
 * OpenTelemetry traces (decision 028), only when configured: OTEL_EXPORTER_OTLP_ENDPOINT (OTLP over HTTP, batched),
 * or an exporter a test hands in (sent span by span). A request span carries its route pattern (`http.route`),
 * never the raw URL's query; PostgreSQL queries are child spans when the server runs on PostgreSQL (the `pg`
 * instrumentation patches the driver, which the app loads with `require` for that reason: see db/client.ts).
 */
export function startTracing(options: { endpoint?: string | undefined; exporter?: SpanExporter }): Tracing | null {
  if (!options.endpoint && !options.exporter) return null;
  const processor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.endpoint!.replace(/\/+$/, '')}/v1/traces` }));
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'humanproof' }),
    spanProcessors: [processor],
  });
  provider.register();
  const fastifyOtel = new FastifyOtelInstrumentation({
    // Never a query string in a span: signed upload links and sign-in callbacks carry secrets there.
    requestHook: (span, request) => span.setAttribute('url.path', request.url.split('?')[0] ?? ''),
  });
  fastifyOtel.setTracerProvider(provider);
  const pg = new PgInstrumentation({ enhancedDatabaseReporting: false });
  registerInstrumentations({ instrumentations: [pg], tracerProvider: provider });
  return {
    plugin: fastifyOtel.plugin(),
    shutdown: async () => {
      pg.disable();
      await provider.shutdown();
    },
  };
}
