/** What other features use from live updates (decision 038): recording that an order changed, for open pages. */
export { recordLiveEvent } from './publish';
export { liveUpdateRoutes } from './routes';
export { pruneLiveEvents } from './replay';
