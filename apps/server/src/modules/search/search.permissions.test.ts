import { searchRows } from '../../test/matrix/search.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

describeMatrix('search permission matrix', searchRows);
