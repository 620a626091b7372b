import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may; to find out, it tries one, which
 * the app's Content-Security-Policy (no 'unsafe-eval') blocks and reports as a violation even
 * though zod catches the error. In the browser zod is told not to try. Imported first by main.tsx,
 * before any schema runs.
 */
z.config({ jitless: true });
