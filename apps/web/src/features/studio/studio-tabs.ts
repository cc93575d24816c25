import { useCallback, useEffect, useState } from 'react';

export const TABS = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'songs', label: 'Songs' },
  { value: 'albums', label: 'Albums' },
  { value: 'profile', label: 'Profile' },
  { value: 'audition', label: 'Bio & Photos' },
  { value: 'earnings', label: 'Earnings' },
  { value: 'payouts', label: 'Payouts' },
] as const;
export type Tab = (typeof TABS)[number]['value'];

export function tabLabel(tab: Tab): string {
  return TABS.find((entry) => entry.value === tab)?.label ?? tab;
}

function tabFromHash(): Tab {
  const hash = window.location.hash.replace(/^#\/?/, '');
  return TABS.find((tab) => tab.value === hash)?.value ?? 'dashboard';
}

/**
 * The tab follows the address: `/artist/#songs` opens Songs, choosing a tab adds a history entry,
 * and Back/Forward (or a hash typed into the address bar) switch the tab again.
 */
export function useTabFromAddress(): [Tab, (tab: Tab) => void] {
  const [tab, setTab] = useState<Tab>(tabFromHash);
  useEffect(() => {
    const follow = () => setTab(tabFromHash());
    window.addEventListener('popstate', follow);
    window.addEventListener('hashchange', follow);
    return () => {
      window.removeEventListener('popstate', follow);
      window.removeEventListener('hashchange', follow);
    };
  }, []);
  const choose = useCallback((next: Tab) => {
    setTab(next);
    if (tabFromHash() !== next) window.history.pushState(null, '', `#${next}`);
  }, []);
  return [tab, choose];
}
