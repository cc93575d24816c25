import {
  auditionSongsNeeded,
  DEFAULT_TIER,
  MIN_AUDITION_SONGS,
  RATING_CATEGORIES,
  TIERS,
  type ArtistStatus,
  type PublicArtist,
  type UpdateArtistRequest,
} from '@hfm/shared';
import * as Switch from '@radix-ui/react-switch';
import { useState } from 'react';
import { toast } from 'sonner';
import { useUpdateArtist } from '../../../api/artists/update-artist';
import { errorMessage } from '../../../api/server-errors';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { SelectField } from '../../../ui/select-field';
import { matrixOf, ScoreMatrix, scoresOf, type Scores } from './score-matrix';

const TIER_OPTIONS = TIERS.map((tier) => ({ value: tier, label: tier }));

export const CANCEL_ARTIST_TEXT =
  'Cancelling terminates the artist’s licence: no new subscriptions from now on, and subscribers keep access to the end of their term.';

export interface ReviewPanelProps {
  artist: PublicArtist;
  /** After an approval: back to the list it came from. */
  onApproved: () => void;
}

const sameScores = (a: Scores, b: Scores) => RATING_CATEGORIES.every((label) => a[label] === b[label]);

/**
 * The admin's review: the score matrix and tier (saved together, or with the approval), the status actions
 * (Approve, Set Inactive, Cancel artist) and, once approved, whether fans find the artist in search.
 */
export function ReviewPanel({ artist, onApproved }: ReviewPanelProps) {
  const update = useUpdateArtist(artist.id);
  const saved = scoresOf(artist.scoreMatrix);
  const [scores, setScores] = useState<Scores>(saved);
  const [tier, setTier] = useState(artist.tier);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  // A save from elsewhere (another tab's answer, a refetch) resets the form only while it is untouched.
  const [shown, setShown] = useState(artist);
  if (shown.updatedAt !== artist.updatedAt) {
    setShown(artist);
    setScores(scoresOf(artist.scoreMatrix));
    setTier(artist.tier);
  }

  const scoresChanged = !sameScores(scores, saved);
  const tierChanged = tier !== artist.tier;
  /** Only what the admin changed: approval fills in the tier and searchability when they are not sent. */
  const changes = (): UpdateArtistRequest => ({
    ...(scoresChanged ? { scoreMatrix: matrixOf(scores) } : {}),
    ...(tierChanged ? { tier: tier as UpdateArtistRequest['tier'] } : {}),
  });

  async function save(action: string, body: UpdateArtistRequest, done: (artist: PublicArtist) => void) {
    setBusy(action);
    try {
      done(await update.mutateAsync(body));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  const setStatus = (status: ArtistStatus, action: string, message: (name: string) => string, after?: () => void) =>
    save(action, { ...changes(), status }, (saved) => {
      toast.success(message(saved.name));
      after?.();
    });

  const isPending = artist.status === 'PENDING';
  /** Approval needs a ready audition song: the server refuses it (409) otherwise, so say so before the click. */
  const auditionMissing =
    artist.status !== 'ACTIVE' && artist.readySongs !== undefined && artist.readySongs < MIN_AUDITION_SONGS;
  return (
    <section className="surface-card review-card review-panel" aria-labelledby="review-heading">
      <h2 id="review-heading">Review</h2>
      <ScoreMatrix scores={scores} onChange={setScores} disabled={busy !== null} />
      <SelectField
        label="Tier"
        options={TIER_OPTIONS}
        value={tier}
        onChange={(event) => setTier(event.target.value)}
        disabled={busy !== null}
        hint={
          isPending && tier === DEFAULT_TIER ? `Approving moves the artist from ${DEFAULT_TIER} to Tier 1.` : undefined
        }
      />
      <div className="review-panel__actions">
        <Button
          variant="secondary"
          disabled={!scoresChanged && !tierChanged}
          loading={busy === 'save'}
          onClick={() => void save('save', changes(), () => toast.success('Review saved.'))}
        >
          Save review
        </Button>
        {artist.status !== 'ACTIVE' && (
          <Button
            loading={busy === 'approve'}
            disabled={busy !== null || auditionMissing}
            aria-describedby={auditionMissing ? 'review-audition-missing' : undefined}
            onClick={() =>
              void setStatus(
                'ACTIVE',
                'approve',
                (name) => (isPending ? `${name} is approved.` : `${name} is active again.`),
                onApproved,
              )
            }
          >
            {isPending ? 'Approve' : 'Set Active'}
          </Button>
        )}
        {artist.status !== 'INACTIVE' && artist.status !== 'CANCELLED' && (
          <Button
            variant="secondary"
            loading={busy === 'inactive'}
            disabled={busy !== null}
            onClick={() => void setStatus('INACTIVE', 'inactive', (name) => `${name} is inactive.`)}
          >
            Set Inactive
          </Button>
        )}
        {artist.status !== 'CANCELLED' && (
          <Button variant="danger" disabled={busy !== null} onClick={() => setConfirmCancel(true)}>
            Cancel artist
          </Button>
        )}
      </div>
      {auditionMissing && (
        <p id="review-audition-missing" className="review-note" role="note">
          {auditionSongsNeeded}
        </p>
      )}
      {!isPending && <SearchableSwitch artist={artist} />}
      {isPending && <p className="review-muted">Approving also makes the artist searchable.</p>}
      <Modal
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={`Cancel ${artist.name}?`}
        description={CANCEL_ARTIST_TEXT}
        size="small"
        hideClose
      >
        <div className="action-row">
          <Button
            variant="danger"
            loading={busy === 'cancel'}
            onClick={() =>
              void setStatus(
                'CANCELLED',
                'cancel',
                (name) => `${name} is cancelled.`,
                () => setConfirmCancel(false),
              )
            }
          >
            Cancel artist
          </Button>
          <Button variant="secondary" onClick={() => setConfirmCancel(false)} disabled={busy === 'cancel'}>
            Keep artist
          </Button>
        </div>
      </Modal>
    </section>
  );
}

/** Whether fans find the artist in search; saved at once. */
function SearchableSwitch({ artist }: { artist: PublicArtist }) {
  const update = useUpdateArtist(artist.id);
  const checked = artist.searchStatus.isSearchable;
  async function toggle(isSearchable: boolean) {
    try {
      await update.mutateAsync({ isSearchable });
      toast.success(isSearchable ? `${artist.name} is searchable.` : `${artist.name} is hidden from search.`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }
  return (
    <label className="review-switch">
      <span>
        Searchable
        <span className="review-muted review-switch__hint">Fans find this artist in search.</span>
      </span>
      <Switch.Root
        className="admin__switch"
        checked={checked}
        disabled={update.isPending}
        onCheckedChange={(value) => void toggle(value)}
        aria-label="Searchable"
      >
        <Switch.Thumb className="admin__switch-thumb" />
      </Switch.Root>
    </label>
  );
}
