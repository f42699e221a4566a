/**
 * What other public screens (the application at /kayit) reuse from sign-in: the page frame, the
 * phone and code fields with their send/resend logic, and the result view. Candidates for
 * components/ and lib/ once the shell owns shared public pieces.
 */
export { AuthFrame } from './auth-frame.tsx';
export { CODE_LENGTH, CodeField } from './code-field.tsx';
export { PhoneField } from './phone-field.tsx';
export { ResendControls } from './resend-controls.tsx';
export { StatusView } from './status-view.tsx';
export { useOtp } from './use-otp.ts';
