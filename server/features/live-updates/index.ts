/**
 * What other features use from live updates (decision 038): recording that an order changed, for open pages. The
 * routes and the consumer of order events are registered in ../index.ts.
 */
export { recordLiveEvent } from './publish';
export { pruneLiveEvents } from './replay';
