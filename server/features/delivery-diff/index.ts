export { deliveredDiff, diffDescribes, storeDeliveryDiff } from './stored-diff';
export { diffPool } from './diff-pool';
