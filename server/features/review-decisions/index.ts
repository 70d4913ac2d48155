/** What other features may use from the stored review decisions and the reviewer's dictionary (issue 42). */
export { foldedDictionaryOf } from './dictionary';
export { listDecisions } from './decisions';
