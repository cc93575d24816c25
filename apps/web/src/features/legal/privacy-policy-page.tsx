import { privacyPolicy } from './content/privacy-policy';
import { LegalDocument } from './legal-document';

/** /user-privacy-policy and /privacy-policy. */
export default function PrivacyPolicyPage() {
  return (
    <div className="container legal-page">
      <LegalDocument doc={privacyPolicy} level={1} />
    </div>
  );
}
