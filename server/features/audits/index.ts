/** What other features may use from audits (decision 068). */
export { closeAudit } from './close-audit';
