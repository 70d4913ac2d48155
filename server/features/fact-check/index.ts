/** What other features may use from the fact-check feature. */
export { assertFactCheckReady, listClaims, loadReport } from './claims';
export { buildTrackedChangesDocx } from './build-docx';
export { buildDeliveryDocx } from './delivery-docx';
export { buildFactCheckPdf } from './build-report-pdf';
export { buildDeliveryReportPdf } from './delivery-report-pdf';
