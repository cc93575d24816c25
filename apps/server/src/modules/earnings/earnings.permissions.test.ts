import { earningsRows } from '../../test/matrix/earnings.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

describeMatrix('earnings and revenue permission matrix', earningsRows);
