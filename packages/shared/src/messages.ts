import { z } from 'zod/mini';

/**
 * Texts of the spec, written once and used by the server and the web app alike. A text with variable
 * parts names them in braces (`{names}`): the server sends it with its parameters (server-messages.ts).
 */
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
  invalidRequest: 'Invalid request data',
  searchTermRequired: 'Search term is required',
  patternNeedsCell: 'Draw at least one cell besides the free centre',
  sessionsListEverySession: 'sessions must list every session of the workshop once',
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
  internal: 'Internal server error',
  databaseUnavailable: 'The service is unavailable for a moment, please try again',
  accessTokenExpired: 'Access token expired',
  invalidAccessToken: 'Invalid access token',
  sessionExpired: 'Session expired',
  accountDeactivated: "This account was deactivated by your organization's directory",
  noSession: 'No session',
  missingHeader: 'Missing request header',
  originNotAllowed: 'Origin not allowed',
  issuerNotHttps: 'The issuer must be an https address',
  issuerNotPublic: "The issuer must be a public address, not one of this server's own network",
  nicknameCrowded: 'Too many people chose this nickname: try another',
  userInUse: 'This user is still referenced and cannot be deleted',
  contentInUse: 'This content is used by a session',
  contentInUseBy: 'This content is used by sessions: {names}',
  workshopInUseBy: 'This workshop is used by rooms: {names}',
  uploadNotFound: 'Upload not found',
  lengthRequired: 'Upload-Length is required',
  invalidUploadFolder: 'folder must be one of {folders}',
  invalidFileName: 'Invalid file name',
  invalidMetadataName: 'Invalid file metadata name: {name}',
  metadataTooLong: 'File metadata is too long',
  fileFolderConflict: 'A file and a folder cannot have the same name',
  folderIntoItself: 'A folder cannot be moved into itself',
  storageFull: 'File storage is full',
  storageUnavailable: 'File storage is unavailable, please try again later',
  storageFailed: 'File storage failed, please try again later',
  storageRefused: 'File storage refused the request',
  storageNotWritable: 'The server may not write to its file store (DATA_DIR/files)',
  storageCredentials:
    'File storage refused the server’s credentials: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
  storageAccessDenied:
    'File storage denied access to bucket "{bucket}": check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key’s permissions',
  storageNoBucket: 'The file storage bucket "{bucket}" (S3_BUCKET) does not exist',
  storageDigest: 'The file changed on its way to storage, please try again',
  storageTimeout: 'File storage did not answer in time, please try again later',
} as const;

export type MessageParams = Record<string, string | number>;
/**
 * The optional `key` and `params` a server message carries beside its English `message` (error
 * bodies, `error_event`, `removed`): protocol 6, see server-messages.ts.
 */
export const ZMessageKeyFields = z.object({
  key: z.optional(z.string()),
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
});

/** SPEC §5: server messages are stripped of terminal control characters before display. */
export function stripControlChars(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
}
