import type { UpdateReleaseMailSettingsBody } from '@hfm/shared';
import { toast } from 'sonner';
import { useReleaseMailSettings, useUpdateReleaseMailSettings } from '../../api/releases/release-mail-settings';
import { errorMessage } from '../../api/server-errors';

/**
 * Release mails: a mail when an artist the fan subscribes to releases something (one per release, batched),
 * all on or off and per artist. Each switch saves at once; the mails' unsubscribe links change the same.
 */
export function ReleaseMailsSection() {
  const settings = useReleaseMailSettings();
  const update = useUpdateReleaseMailSettings();
  const save = async (body: UpdateReleaseMailSettingsBody, done: string) => {
    try {
      await update.mutateAsync(body);
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const data = settings.data;
  return (
    <section className="surface-card account-card" aria-labelledby="account-release-mails-heading">
      <h2 id="account-release-mails-heading">Release mails</h2>
      <p className="account-page__muted">
        A mail when an artist you subscribe to releases new music: one per release, however many songs it holds.
      </p>
      {settings.isError && <p role="alert">Your release mail settings could not be loaded.</p>}
      {data && (
        <div className="release-mails">
          <label className="release-mails__row release-mails__row--all">
            <input
              type="checkbox"
              checked={data.all}
              disabled={update.isPending}
              onChange={(event) =>
                void save(
                  { all: event.target.checked },
                  event.target.checked ? 'Release mails are on.' : 'Release mails are off.',
                )
              }
            />
            <span>Send me release mails</span>
          </label>
          {data.artists.length === 0 ? (
            <p className="account-page__muted">Subscribe to an artist to hear of their releases.</p>
          ) : (
            <fieldset className="release-mails__artists" disabled={!data.all || update.isPending}>
              <legend>Artists</legend>
              {data.artists.map((artist) => (
                <label key={artist.artistID} className="release-mails__row">
                  <input
                    type="checkbox"
                    checked={data.all && artist.on}
                    onChange={(event) =>
                      void save(
                        { artists: [{ artistID: artist.artistID, on: event.target.checked }] },
                        `${event.target.checked ? 'Mails on' : 'No more mails'} about ${artist.name}.`,
                      )
                    }
                  />
                  <span>{artist.name}</span>
                </label>
              ))}
            </fieldset>
          )}
        </div>
      )}
    </section>
  );
}
