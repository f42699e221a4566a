/**
 * What other modules may use of settings-row: the single settings row as the modules that work
 * with its values read it (earnings, the ledger, invoices, applications, profile, settings). The
 * settings module writes it and recomputes earnings when the rates change; it sits above earnings,
 * so the read lives here, below both.
 */
export { getSettingsRow } from './settings-row.repository.ts';
