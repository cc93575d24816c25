import { artistRows } from '../../test/matrix/artists.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

describeMatrix('artist profile permission matrix', artistRows);
