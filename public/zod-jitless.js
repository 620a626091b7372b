// Zod compiles object parsers with `new Function` when it may, and finds out by trying one when a
// schema is made; the app's Content-Security-Policy (no 'unsafe-eval') blocks that and the browser
// reports a violation, though zod catches the error. zod reads this setting when it loads, so it
// must run before any module: a classic script, before the app's module script.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
