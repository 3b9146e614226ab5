export { Condenser, type CondenserOptions, type WriteSummary } from './condenser.js';
export { SUMMARY_LABEL, withSummary } from './condense-context.js';
