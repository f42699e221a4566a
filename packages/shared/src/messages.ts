/**
 * Success texts of the catalogue (SPEC section 8), keyed by a stable code. Action answers carry
 * `message` in English and `messageCode`; the web app shows `messages.<code>` in the user's language.
 */
export const MESSAGES = {
  OTP_SENT: 'Otp send successfully',
  LOGIN_SUCCESS: 'Login successfully',
  LOGOUT_SUCCESS: 'Signed out',
  DETAILS_UPDATED: 'Details updated successfully',
  DATA_ADDED: 'Data added successfully',
  USER_CREATED: 'User create successfully',
  USER_UPDATED: 'User Update successfully',
  USER_DELETED: 'User deleted successfully',
  COMMISSION_SAVED: 'Commission add successfully',
  FILE_UPLOADED: 'File upload successfully',
  NOTIFICATION_CREATED: 'Notification created successfully',
  PAYMENT_REQUEST_SENT: 'Payment Request Sent Successfully',
  PAYMENT_APPROVED: 'Payment status Approved successfully',
  PAYMENT_REJECTED: 'Payment status Rejected successfully',
  DEDUCTION_ADDED: 'Deduction added successfully',
  DEDUCTION_DELETED: 'Deduction deleted successfully',
  PAYMENT_PAID: 'Payment status Paid successfully',
  PAYMENT_UNPAID: 'Payment status Unpaid successfully',
  PAYMENT_CANCELLED: 'Payment request cancelled',
  AUTO_RUN_DONE: 'Automatic payments processed',
  INVOICE_CUSTOM_SET: 'Custom invoice uploaded and set successfully',
  INVOICE_DEFAULT_SET: 'Successfully switched to default invoice',
  URL_COPIED: 'URL copied to clipboard!',
  APPLICATION_SUBMITTED: 'Application Submitted!',
  PASSWORD_RESET_SENT: 'Password reset link sent',
  PASSWORD_RESET_DONE: 'Password changed, please sign in',
  REGISTERED: 'Registration received',
  APPLICATION_APPROVED: 'Application approved',
  APPLICATION_REJECTED: 'Application rejected',
  USER_DISABLED: 'User disabled: the record has money history and is kept',
  BANK_VERIFIED: 'Bank details verified',
  CREATOR_DELETED: 'Creator deleted successfully',
  CREATOR_DEACTIVATED: 'Creator set inactive: the record has figures and is kept',
  PASSWORD_CHANGED: 'Password changed successfully',
  SESSION_ENDED: 'Session ended',
  REFERRAL_CODE_ROTATED: 'Referral code changed successfully',
} as const;

export type MessageCode = keyof typeof MESSAGES;
