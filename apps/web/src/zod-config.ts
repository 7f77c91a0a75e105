import { z } from 'zod/mini';

// zod 4 compiles object parsers with `new Function` unless told not to. The page's Content-Security-
// Policy has no 'unsafe-eval' (and must not get it), so every attempt is refused and reported as a
// violation. The setting is read when a schema is built: this module is imported before any other.
z.config({ jitless: true });
// zod/mini comes without its English messages (classic zod loads them): the forms' built-in texts
// (a length, a type) stay as they were.
z.config(z.locales.en());
