import { adminUserRows, documentRows, genreRows, labelRows } from '../../test/matrix/curation.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

describeMatrix('curation and accounts permission matrix', [
  ...genreRows,
  ...labelRows,
  ...documentRows,
  ...adminUserRows,
]);
