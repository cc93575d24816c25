import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router';
import { LegalDocument } from './legal-document';
import './legal.css';
import { useDocumentTitle } from '../../ui/use-document-title';

const TABS = [
  { value: 'user', label: 'User Terms of Use', documentKey: 'user-terms' },
  { value: 'artist', label: 'Artist Terms of Use', documentKey: 'artist-terms' },
] as const;

type TabValue = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is TabValue {
  return TABS.some((tab) => tab.value === value);
}

/** /user-terms: the two sets of terms as tabs; ?tab=artist opens the artist terms directly. */
export default function UserTermsPage() {
  useDocumentTitle('Terms of Use');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const active: TabValue = isTab(requested) ? requested : 'user';
  const selectTab = (value: string) => setSearchParams({ tab: value }, { replace: true, preventScrollReset: true });

  return (
    <div className="container legal-page">
      <p className="eyebrow">Legal</p>
      <h1 className="display legal-doc__title">Terms of Use</h1>
      <Tabs.Root value={active} onValueChange={selectTab}>
        <Tabs.List className="legal-tabs__list" aria-label="Which terms">
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value} className="legal-tabs__trigger">
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value} className="legal-tabs__panel">
            <LegalDocument documentKey={tab.documentKey} level={2} fallbackTitle={tab.label} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
