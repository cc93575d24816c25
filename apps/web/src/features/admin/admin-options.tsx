import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

const STORAGE_KEY = 'hfm.admin-options';

interface AdminOptions {
  /** Admin-only controls and song columns (Explicit, Plays, Hi Fives) are shown. */
  showAdminOptions: boolean;
  setShowAdminOptions(show: boolean): void;
}

const AdminOptionsContext = createContext<AdminOptions>({ showAdminOptions: false, setShowAdminOptions: () => {} });

function readStored(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** The spec's admin options toggle: on unless the admin turned it off (remembered in this browser). */
export function AdminOptionsProvider({ children }: { children: ReactNode }) {
  const [showAdminOptions, setShow] = useState(readStored);
  const setShowAdminOptions = useCallback((show: boolean) => {
    setShow(show);
    try {
      window.localStorage.setItem(STORAGE_KEY, show ? 'on' : 'off');
    } catch {
      // Private windows may refuse storage: the choice lasts for this page only.
    }
  }, []);
  const value = useMemo(() => ({ showAdminOptions, setShowAdminOptions }), [showAdminOptions, setShowAdminOptions]);
  return <AdminOptionsContext.Provider value={value}>{children}</AdminOptionsContext.Provider>;
}

export function useAdminOptions(): AdminOptions {
  return useContext(AdminOptionsContext);
}
