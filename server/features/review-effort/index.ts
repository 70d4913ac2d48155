export { addActiveSeconds, recordDeliveryEffort, wordsChangedIn } from './record-effort';
