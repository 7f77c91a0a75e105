/** Business constants of SPEC §9. */
export const BINGO_MAX_NUMBER = 75;
export const BINGO_COLUMN_SIZE = 15;
export const BINGO_LETTERS = ['B', 'I', 'N', 'G', 'O'] as const;

export const PAGE_SIZE = 10;
export const CONTENT_PAGE_SIZE = 50;
export const PLAYLIST_PAGE_SIZE = 50;

export const PASSWORD_MIN_LENGTH = 8;
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

export const TOAST_ERROR_MS = 4000;
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_LIMIT = 20;
export const SMALL_SCREEN_PX = 768;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const RESET_TOKEN_TTL_MINUTES = 60;

export const API_PREFIX = '/api/v1';
/** Where uploaded content and answer images are served, below API_PREFIX. */
export const FILES_PATH = '/files';
export const REFRESH_COOKIE = 'playshop_refresh';
/**
 * A readable companion of the httpOnly refresh cookie, holding no secret: set and cleared with it,
 * so a page load tries /refresh only when a session may exist (no refused /refresh on every visit).
 */
export const SESSION_HINT_COOKIE = 'playshop_signed_in';
