/** The keeping module's public face: My Music's zips of everything kept by an artist. */
export { keepingRoutes } from './keeping.routes.js';
