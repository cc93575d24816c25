import { payoutRows } from '../../test/matrix/payouts.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

describeMatrix('payouts permission matrix', payoutRows);
