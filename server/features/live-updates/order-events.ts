import type { OrderEventConsumer } from '../orders';
import { recordLiveEvent } from './publish';

/**
 * Live updates' consumer of order events (decision 038, registered in server/features/index.ts): open pages of the
 * customer and the review team hear that the order moved. The NOTIFY is sent in the move's transaction, so
 * PostgreSQL delivers it when the move commits, never for one rolled back.
 */
export const liveUpdateOrderEvents: OrderEventConsumer<unknown> = (tx, _context, { type, order }) => recordLiveEvent(tx, type, order.id);
