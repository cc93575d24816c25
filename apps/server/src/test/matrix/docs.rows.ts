import { everyone, type MatrixRow } from '../permission-matrix.js';

/** The OpenAPI document and its reading pages are public. */
export const docsRows: MatrixRow[] = [
  '/api/openapi.json',
  '/api/docs',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/swagger-initializer.js',
].map((url) => ({ route: `GET ${url}`, request: () => ({ method: 'GET', url }), expected: everyone(200) }));

docsRows.push(
  {
    route: 'GET /api/docs/static/index.html',
    request: () => ({ method: 'GET', url: '/api/docs/static/index.html' }),
    expected: everyone(302),
  },
  {
    route: 'GET /api/docs/static/*',
    request: () => ({ method: 'GET', url: '/api/docs/static/swagger-ui.css' }),
    expected: everyone(200),
  },
);
