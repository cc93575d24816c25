// Runs before the app's modules: zod then never probes for eval (new Function), which the page's
// Content-Security-Policy forbids. Validation works the same, without compiled fast paths.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
