import { paymentsRows } from '../../test/matrix/payments.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

describeMatrix('payments platform permission matrix', paymentsRows);
