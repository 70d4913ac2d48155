export { addActiveSeconds, addEffortCounts, recordDeliveryEffort } from './record-effort';
