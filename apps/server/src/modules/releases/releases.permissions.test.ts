import { releaseRows } from '../../test/matrix/releases.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

describeMatrix('release notifications permission matrix', releaseRows);
