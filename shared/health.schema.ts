import { z } from 'zod';

export const HEALTH_UNAVAILABLE_MESSAGE = 'The service is unavailable: the database or DATA_DIR failed its check.';

/** GET /healthz: 200 when everything answers, 503 (with the `message` every error answer carries) otherwise. */
export const healthReportSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  dataDir: z.enum(['writable', 'not writable']),
  /** Present when unavailable. */
  message: z.string().optional(),
  /** Present when unavailable: the request's id (decision 028). */
  requestId: z.string().optional(),
});
export type HealthReport = z.infer<typeof healthReportSchema>;
