import type { MatrixRow } from '../permission-matrix.js';
import { accountDeletionRows } from './account-deletion.rows.js';
import { artistRows } from './artists.rows.js';
import { billingRows } from './billing.rows.js';
import { adminUserRows, documentRows, genreRows, labelRows } from './curation.rows.js';
import { discoveryRows } from './discovery.rows.js';
import { docsRows } from './docs.rows.js';
import { earningsRows } from './earnings.rows.js';
import { engagementRows } from './engagement.rows.js';
import { featuredRows } from './featured.rows.js';
import { identityRows } from './identity.rows.js';
import { libraryRows } from './library.rows.js';
import { paymentsRows } from './payments.rows.js';
import { playlistRows } from './playlists.rows.js';
import { payoutRows } from './payouts.rows.js';
import { releaseRows } from './releases.rows.js';
import { searchRows } from './search.rows.js';
import { socialRows } from './social.rows.js';
import { albumRows, songRows } from './studio.rows.js';
import { terminationRows } from './termination.rows.js';
import { uploadRows } from './uploads.rows.js';

/** Every row of the permission matrix, for the route coverage test. */
export const allRows: MatrixRow[] = [
  ...identityRows,
  ...accountDeletionRows,
  ...socialRows,
  ...artistRows,
  ...featuredRows,
  ...terminationRows,
  ...songRows,
  ...albumRows,
  ...uploadRows,
  ...docsRows,
  ...searchRows,
  ...discoveryRows,
  ...engagementRows,
  ...paymentsRows,
  ...billingRows,
  ...libraryRows,
  ...earningsRows,
  ...genreRows,
  ...labelRows,
  ...documentRows,
  ...adminUserRows,
  ...playlistRows,
  ...payoutRows,
  ...releaseRows,
];
