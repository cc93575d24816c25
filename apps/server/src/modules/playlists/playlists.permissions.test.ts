import { playlistRows } from '../../test/matrix/playlists.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

describeMatrix('playlists permission matrix', playlistRows);
