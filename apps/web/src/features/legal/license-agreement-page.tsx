import { licenseAgreement } from './content/license-agreement';
import { LegalDocument } from './legal-document';

/** /user-license-agreement: the artist licence agreement. */
export default function LicenseAgreementPage() {
  return (
    <div className="container legal-page">
      <LegalDocument doc={licenseAgreement} level={1} />
    </div>
  );
}
