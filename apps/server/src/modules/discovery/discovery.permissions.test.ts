import { discoveryRows } from '../../test/matrix/discovery.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

describeMatrix('discovery permission matrix', discoveryRows);
