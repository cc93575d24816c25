import { LEGAL } from '@hfm/shared';

const mail = `mailto:${LEGAL.contactEmail}`;

export function ContactLink() {
  return <a href={mail}>{LEGAL.contactEmail}</a>;
}

export function ChangesClause({ document }: { document: string }) {
  return (
    <>
      <p>
        We may update {document} from time to time, for example when we add features or when the law changes. When we
        make a material change, we will show a notice on your dashboard for {LEGAL.changeNoticeDays} days and tell you
        what changed and when it takes effect.
      </p>
      <p>
        If you keep using HFM after the change takes effect, the updated version applies to you. If you do not agree
        with it, you can close your account before then.
      </p>
    </>
  );
}

export function DisputesClause() {
  return (
    <>
      <p>
        <strong>Talk to us first.</strong> Most problems can be solved with a conversation. Before starting any formal
        proceeding, you agree to write to us at <ContactLink /> describing the problem and what you would like us to do,
        and we agree to do the same for you. Both of us will then try in good faith to resolve it informally for{' '}
        {LEGAL.informalDisputeDays} days.
      </p>
      <p>
        <strong>Arbitration.</strong> If we cannot resolve a dispute informally, it will be settled by binding
        arbitration on an individual basis, not in a class, collective or representative action. Either of us may still
        bring an individual claim in small claims court, or ask a court to stop the infringement of intellectual
        property rights.
      </p>
      <p>
        <strong>Streamlined arbitration.</strong> Claims under {LEGAL.streamlinedArbitrationUnder} follow a streamlined
        procedure: they are decided on written submissions, with a hearing only if the arbitrator finds one necessary.
      </p>
      <p>
        <strong>Fees.</strong> For claims under {LEGAL.feesWaivedUnder}, we will reimburse your filing fees or arrange
        for them to be waived, unless the arbitrator finds the claim frivolous.
      </p>
      <p>
        <strong>Your right to opt out.</strong> You may opt out of arbitration by emailing <ContactLink /> within{' '}
        {LEGAL.arbitrationOptOutDays} days of first accepting these terms, with your name, the email address of your
        account and a clear statement that you opt out. Opting out does not affect any other part of these terms.
      </p>
    </>
  );
}

export function LiabilityClause() {
  return (
    <>
      <p>
        HFM is provided “as is”. We work hard to keep it running and your music safe, but we cannot promise that the
        service will always be available, uninterrupted or free of errors.
      </p>
      <p>
        To the fullest extent the law allows, HFM is not liable for indirect, incidental, special or consequential
        damages, or for lost profits or data. Our total liability for any claim relating to HFM is limited to the amount
        paid between you and HFM in the previous {LEGAL.liabilityCapYears} year before the event giving rise to the
        claim. Nothing in these terms limits liability that cannot be limited by law.
      </p>
    </>
  );
}

export function GoverningLawClause() {
  return (
    <p>
      These terms are governed by the laws of the State of {LEGAL.governingLaw}, without regard to its conflict of laws
      rules. Any dispute not subject to arbitration will be heard in the state or federal courts located in{' '}
      {LEGAL.governingLaw}, and both of us consent to their jurisdiction.
    </p>
  );
}
