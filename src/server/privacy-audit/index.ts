export { auditDatabase, type AuditOptions, type AuditReport, type MethodReport } from './audit.js';
export { formatReport, reportJson } from './report.js';
export { type Candidate, type CandidateClass, itemKey, type ItemKey, METHODS, type MethodName } from './types.js';
