import { billingRows } from '../../test/matrix/billing.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

describeMatrix('saved cards and subscriptions permission matrix', billingRows);
