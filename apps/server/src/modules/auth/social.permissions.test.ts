import { SOCIAL_MATRIX_ENV, socialRows } from '../../test/matrix/social.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

describeMatrix('social sign-in permission matrix', socialRows, { env: SOCIAL_MATRIX_ENV });
