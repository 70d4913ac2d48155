import type { Executor } from '../../db/client';
import type { OrderEventData, SubmissionRow } from '../../db/schema';
import type { StatusActor, SubmissionStatus } from '../../../shared/submission-status';

/** One recorded move of an order, as its consumers see it (the row in `order_events` plus the moved order). */
export interface OrderEvent {
  type: string;
  from: SubmissionStatus;
  to: SubmissionStatus;
  actor: StatusActor;
  data: OrderEventData;
  /** The order as the move left it. */
  order: SubmissionRow;
}

/**
 * A feature's reaction to an order's move, run inside the move's transaction, so what it writes or queues exists
 * exactly when the move commits. `Context` is what the reaction needs from the app (the job sender, mail settings, …):
 * each consumer names only its part, and the lifecycle never knows what is in it (decision 058).
 */
export type OrderEventConsumer<Context> = (tx: Executor, context: Context, event: OrderEvent) => Promise<void>;

/**
 * What `transition` is handed: the app's context, which carries the consumers of order events in the order they run
 * (registered beside the routes and jobs in server/features/index.ts) and everything those consumers need.
 */
export interface OrderLifecycle<Context> {
  readonly orderEventConsumers: readonly OrderEventConsumer<Context>[];
}

/** Hands one event to every consumer, in their order, inside the transaction that recorded it. */
export async function publishOrderEvent<Context extends OrderLifecycle<Context>>(tx: Executor, context: Context, event: OrderEvent): Promise<void> {
  for (const consume of context.orderEventConsumers) await consume(tx, context, event);
}
