/** What other features may use from the uploads feature. */
export { deleteStoredObjects, detachDocuments } from './documents';
