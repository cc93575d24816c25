/**
 * The makers of what server tests need, one verb each: `create*` writes a thing's rows (through the module's own
 * repository or service where it has one) and answers it, `make*` builds a value in memory (an image, a form
 * body), `signIn` answers a session cookie, `set*`/`end*` change a row as the product would.
 */
export * from './factories/accounts.js';
export * from './factories/billing.js';
export * from './factories/catalogue.js';
export * from './factories/inputs.js';
export * from './factories/mails.js';
