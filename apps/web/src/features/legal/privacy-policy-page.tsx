import { LegalDocument } from './legal-document';

/** /user-privacy-policy and /privacy-policy. */
export default function PrivacyPolicyPage() {
  return (
    <div className="container legal-page">
      <LegalDocument documentKey="privacy-policy" level={1} fallbackTitle="Privacy Policy" />
    </div>
  );
}
