/** What other features may use from ratings and the audits they open (decision 068). */
export { auditOfOrder, hasOpenAudit, openSampleAudit, orderHasOpenAudit, rateOrder, ratingOfOrder } from './ratings';
