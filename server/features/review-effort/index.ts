export { addActiveSeconds, addEffortCounts, recordDeliveryEffort, wordsChangedIn } from './record-effort';
