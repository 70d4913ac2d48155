/** What other features use from the editorial-control records (issue 43, decision 060). */
export { writeEditorialRecord, editorOfOrder, recordDigest } from './write-record';
export { editorialRecordOfDelivery, findEditorialRecord } from './read-record';
