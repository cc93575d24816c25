/** The genres module's public face: what other modules, the app, the seed and the CLI may use. */
export { genreArtworkKey, genreArtworkPath, toPublicGenre } from './genres.presenter.js';
export { genresRoutes } from './genres.routes.js';
export { type GenreRow, findGenre, findGenreByLabel, findGenresByIds } from './genres.service.js';
