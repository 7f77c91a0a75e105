/** Texts of the spec, written once and used by the server and the web app alike. */
export const VALIDATION = {
  required: 'This field is required',
  usernameRequired: 'Username is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email address',
  resetPasswordTooShort: 'Password must be at least 8 characters long',
  resetPasswordsDiffer: 'The passwords do not match',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  userInvalidEmail: 'invalid email address',
  userPasswordTooShort: 'password must be at least 8 characters',
  userPasswordsDiffer: 'Passwords do not match',
  orgNameSpecialChars: 'Name must not contain special characters',
  commonPassword:
    'This password is one of the most common passwords and easy to guess: please choose another',
  patternPassword:
    'This password is one character or a short pattern repeated, or a run like abcdefgh: please choose another',
  personalPassword: 'This password contains your name or email address: please choose another',
} as const;

export const SUCCESS = {
  resetRequested: 'Email verified, please check your email',
  passwordReset: 'Password reset',
} as const;

export const ERRORS = {
  somethingWentWrong: 'Something went wrong',
  invalidCredentials: 'Invalid email or password',
  unknownPlayer: 'No player with that username',
  unauthenticated: 'Authentication required',
  forbidden: 'You do not have permission to do this',
  orgExpired: 'Organization license expired',
  invalidResetToken: 'This reset link is invalid or has expired',
  tooManyRequests: 'Too many attempts, please try again later',
  notFound: 'Not found',
  roomNotFound: 'Room not found',
  organizationNotFound: 'Organization not found',
} as const;

/** The toast texts of SPEC §8, by HTTP status. */
export function httpErrorToast(status: number | undefined, message: string | undefined): string {
  if (status === undefined) return 'Network Error: No response received from the server';
  switch (status) {
    case 400:
      return `Bad Request: ${message || 'Invalid request data'}`;
    case 401:
      return `Unauthorized: ${message ?? ''}`.trimEnd();
    case 403:
      return `Forbidden: ${message ?? ''}`.trimEnd();
    case 404:
      return `Not Found: ${message ?? ''}`.trimEnd();
    case 409:
      return `Conflict: ${message || 'Duplicate entry'}`;
    case 500:
      return `Server Error: ${message ?? ''}`.trimEnd();
    default:
      return `Error ${status}: ${message ?? ''}`.trimEnd();
  }
}

/** SPEC §5: server messages are stripped of terminal control characters before display. */
export function stripControlChars(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
}
