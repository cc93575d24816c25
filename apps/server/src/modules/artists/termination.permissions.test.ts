import { terminationRows } from '../../test/matrix/termination.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

describeMatrix('artist termination permission matrix', terminationRows);
