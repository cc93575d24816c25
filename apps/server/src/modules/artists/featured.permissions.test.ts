import { featuredRows } from '../../test/matrix/featured.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

describeMatrix('review and featuring permission matrix', featuredRows);
