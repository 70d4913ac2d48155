/** What other features may use from the fact-check feature. */
export { assertFactCheckReady, listClaims, loadReport } from './claims';
export { buildTrackedChangesDocx } from './build-docx';
export { buildFactCheckPdf } from './build-report-pdf';
