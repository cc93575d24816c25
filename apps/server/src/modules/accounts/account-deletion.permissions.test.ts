import { accountDeletionRows } from '../../test/matrix/account-deletion.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

describeMatrix('account deletion permission matrix', accountDeletionRows);
