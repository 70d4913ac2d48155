export { useLiveUpdates } from './use-live-updates';
export { keysFor, applyLiveEvent } from './live-invalidation';
