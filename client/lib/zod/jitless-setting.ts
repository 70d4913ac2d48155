// zod compiles object parsers with `new Function` when it may, and probes for that while each object schema is
// built. The site's CSP forbids eval, so the probe alone is reported as a CSP violation (Lighthouse's
// "inspector-issues"); jitless parsing is what the CSP allows anyway. zod reads its settings from this global
// when it loads; client/lib/zod/index.ts imports this module before zod, so the setting is in place first.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
