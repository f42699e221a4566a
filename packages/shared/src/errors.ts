/**
 * Stable error codes with their HTTP status and the catalogue text (docs/product.md §20) where one fits.
 * The server answers `{ error: true, code, message }`; the web app shows `errors.<code>` translated.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: 'Invalid input' },
  INVALID_JSON: { status: 400, message: 'Invalid JSON body' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Route not found' },
  CONFLICT: { status: 409, message: 'Conflict' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported file type' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, please try again later' },
  INTERNAL: { status: 500, message: 'Something went wrong' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service temporarily unavailable' },
  STORAGE_FULL: { status: 507, message: 'The file could not be saved: the storage is full. Nothing was changed; please try again later or tell the administrator' },

  // sign-in and codes
  OTP_INVALID: { status: 400, message: 'Invalid otp try again' },
  OTP_EXPIRED: { status: 400, message: 'This code has expired; please request a new one' },
  OTP_TOO_MANY_ATTEMPTS: { status: 429, message: 'Too many wrong tries for this code; please request a new one' },
  OTP_RESEND_TOO_SOON: { status: 429, message: 'Please wait before requesting a new code' },
  PHONE_INVALID: { status: 400, message: 'Invalid phone number' },
  /**
   * Only after a right sign-in code (the code went to the phone, whose holder may know): the number
   * lost its account between the send and the sign-in. Sends answer alike for every number (015).
   */
  PHONE_NOT_REGISTERED: { status: 404, message: 'There is no account with this phone number' },
  PHONE_ALREADY_REGISTERED: { status: 409, message: 'Phone number already registered' },
  ACCOUNT_NOT_ACTIVE: { status: 403, message: 'Your account is not active yet' },
  EMAIL_NOT_FOUND: { status: 404, message: 'Email not found' },
  EMAIL_ALREADY_REGISTERED: { status: 409, message: 'Email already registered' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  RESET_TOKEN_INVALID: { status: 400, message: 'This reset link is invalid or has expired' },
  COMPANY_ID_INVALID: { status: 400, message: 'Invalid company id' },

  // applications and people
  TIKTOK_USERNAME_INVALID: { status: 400, message: 'Invalid TikTok username format' },
  TIKTOK_USERNAME_TAKEN: { status: 409, message: 'TikTok username already exists' },
  REFERRAL_CODE_INVALID: { status: 400, message: 'Invalid referral code' },
  REASON_TOO_SHORT: { status: 400, message: 'Please enter a cancel reason with at least 10 characters' },
  USER_DELETE_FAILED: { status: 409, message: 'Failed to delete user' },
  APPLICATION_NOT_PENDING: { status: 409, message: 'This application has already been reviewed' },
  MEMBER_REFERENCE_INVALID: { status: 400, message: 'The selected member does not exist' },

  // profile, bank details, sessions, agency settings
  IBAN_INVALID: { status: 400, message: 'Invalid IBAN' },
  IDENTITY_NUMBER_INVALID: { status: 400, message: 'Invalid identity number' },
  PASSWORD_CURRENT_INVALID: { status: 400, message: 'The current password is not correct' },
  REAUTH_REQUIRED: { status: 403, message: 'Please confirm this change with your current password or a code sent to your phone' },
  IMAGE_EMPTY: { status: 400, message: 'Please select an image' },
  IMAGE_TOO_LARGE: { status: 413, message: 'The image is too large' },
  IMAGE_TYPE_INVALID: { status: 415, message: 'Please select a PNG or JPG image' },

  // files
  FILE_AND_DATE_REQUIRED: { status: 400, message: 'Please select a file and date' },
  FILE_TOO_LARGE: { status: 413, message: 'File size should not exceed 5MB' },
  FILE_TYPE_INVALID: { status: 415, message: 'Please select a PDF or image file (JPG, PNG)' },
  // earnings upload (the backstage export)
  UPLOAD_INVALID: { status: 422, message: 'The file has errors; nothing was imported' },
  UPLOAD_NEEDS_ANSWERS: { status: 422, message: 'Check the file first and answer its questions; nothing was imported' },
  UPLOAD_EMPTY: { status: 400, message: 'The file is empty' },
  UPLOAD_CORRUPT: { status: 400, message: 'The file could not be read' },
  UPLOAD_TOO_LARGE: { status: 413, message: 'The file is too large' },
  UPLOAD_ZIP_BOMB: { status: 413, message: 'The spreadsheet unpacks to too much data' },
  UPLOAD_TYPE_INVALID: { status: 415, message: 'Please select an .xlsx or .csv file' },

  // money
  PAYMENT_REQUEST_FAILED: { status: 400, message: 'Payment Request Sent Fail' },
  PAYMENT_ILLEGAL_TRANSITION: { status: 409, message: 'This payment cannot change to that status' },
  /** A transfer list or a batch "mark as paid" named a payment that is not Approved (details: id and status). */
  PAYMENTS_NOT_APPROVED: { status: 409, message: 'Only approved payments can be paid; nothing was done' },
  /** A transfer list named a payment whose member's bank details are missing or not verified (details: id). */
  PAYMENT_BANK_NOT_VERIFIED: { status: 409, message: 'The bank details of a selected payment are not verified; nothing was done' },
  DEDUCTION_ADD_FAILED: { status: 400, message: 'Failed to add deduction' },
  DEDUCTION_DELETE_FAILED: { status: 409, message: 'Failed to delete deduction' },
  AUTO_PAYMENTS_FAILED: { status: 500, message: 'Failed to process automatic payments' },
  INVOICE_UPLOAD_FAILED: { status: 400, message: 'Error uploading invoice' },
  INVOICE_PREFERENCE_FAILED: { status: 400, message: 'Error updating invoice preference' },
  INVOICE_LOCKED: { status: 409, message: 'The invoice of a rejected payment cannot be changed' },
  INVOICE_STORAGE_FULL: { status: 413, message: 'Your invoice storage is full (at most 50 MB); please upload a smaller file or contact the agency' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface ErrorDetail {
  path?: string;
  row?: number;
  column?: string;
  message: string;
}

export interface ErrorBody {
  error: true;
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
}
