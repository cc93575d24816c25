import { engagementRows } from '../../test/matrix/engagement.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

describeMatrix('listen events and Hi Fives permission matrix', engagementRows);
