import { LegalDocument } from './legal-document';

/** /terms-conditions: the user terms, linked from legal pages and the footer; #userGuidelines is a section. */
export default function TermsConditionsPage() {
  return (
    <div className="container legal-page">
      <LegalDocument
        documentKey="user-terms"
        level={1}
        title="Terms and Conditions"
        fallbackTitle="Terms and Conditions"
      />
    </div>
  );
}
