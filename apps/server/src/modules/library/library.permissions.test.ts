import { libraryRows } from '../../test/matrix/library.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

describeMatrix('download menu, album zips and My Music permission matrix', libraryRows);
