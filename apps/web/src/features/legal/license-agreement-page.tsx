import { LegalDocument } from './legal-document';

/** /user-license-agreement: the artist licence agreement. */
export default function LicenseAgreementPage() {
  return (
    <div className="container legal-page">
      <LegalDocument documentKey="license-agreement" level={1} fallbackTitle="Artist License Agreement" />
    </div>
  );
}
