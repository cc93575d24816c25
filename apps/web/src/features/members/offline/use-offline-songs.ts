import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  browserDeps,
  listDeviceOffline,
  listOffline,
  removeOffline,
  saveOffline,
  type OfflineCandidate,
  type OfflineSong,
} from '../../../offline/offline-store';

/** A song's offline state on this device: stored, being stored (with how much has arrived), or neither. */
export type OfflineState = { kind: 'none' } | { kind: 'saving'; share: number } | { kind: 'stored' };

/** How much the device holds and may hold (navigator.storage.estimate), in bytes. */
export interface StorageUse {
  usage: number;
  quota: number;
}

interface Snapshot {
  songs: OfflineSong[];
  saving: Record<string, number>;
  storage: StorageUse | null;
}

/** One store for the tab: every row, the offline list and the space shown read the same songs. */
let snapshot: Snapshot = { songs: [], saving: {}, storage: null };
const listeners = new Set<() => void>();

function update(change: Partial<Snapshot>) {
  snapshot = { ...snapshot, ...change };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function offlineAvailable(): boolean {
  return typeof caches !== 'undefined' && typeof navigator.storage?.estimate === 'function';
}

async function refreshStorage() {
  const { usage = 0, quota = 0 } = await navigator.storage.estimate();
  update({ storage: { usage, quota } });
}

/**
 * Reads the device's offline songs: the signed-in fan's (`ownerId`: another fan's are cleared), or with no
 * one known (no network to ask), whatever the device holds.
 */
async function load(ownerId: string | null) {
  const deps = browserDeps();
  const songs = ownerId ? await listOffline(deps, ownerId) : await listDeviceOffline(deps);
  update({ songs });
  await refreshStorage();
}

/** The device's offline songs, their states and the space used; save and remove for the fan `ownerId`. */
export function useOfflineSongs(ownerId: string | null) {
  const state = useSyncExternalStore(subscribe, () => snapshot);
  const available = offlineAvailable();
  useEffect(() => {
    if (available) void load(ownerId);
  }, [available, ownerId]);

  const stateOf = useCallback(
    (id: string): OfflineState => {
      if (id in state.saving) return { kind: 'saving', share: state.saving[id]! };
      return state.songs.some((song) => song.id === id) ? { kind: 'stored' } : { kind: 'none' };
    },
    [state],
  );

  /** Stores the song; answers what went wrong, in words for the fan, or null. */
  const save = useCallback(
    async (song: OfflineCandidate): Promise<string | null> => {
      if (!ownerId) return 'Sign in to store songs on this device.';
      update({ saving: { ...snapshot.saving, [song.id]: 0 } });
      // Asked once: the browser then keeps what is stored unless the fan clears it themselves.
      void navigator.storage.persist?.();
      try {
        await saveOffline(browserDeps(), ownerId, song, (share) =>
          update({ saving: { ...snapshot.saving, [song.id]: share } }),
        );
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : 'The song could not be stored on this device.';
      } finally {
        const { [song.id]: _done, ...rest } = snapshot.saving;
        update({ saving: rest });
        await load(ownerId);
      }
    },
    [ownerId],
  );

  const remove = useCallback(
    async (id: string) => {
      if (!ownerId) return;
      await removeOffline(browserDeps(), ownerId, id);
      await load(ownerId);
    },
    [ownerId],
  );

  return { available, songs: state.songs, storage: state.storage, stateOf, save, remove };
}

const SIZE_UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** Bytes in words: 4.2 MB, 1.3 GB. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}
