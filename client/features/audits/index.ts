/** The review desk's audit of a delivery (decision 068). */
export { AuditPanel } from './audit-panel';
