/**
 * The legal pages' text as first published (the User and Artist Terms of Use, the Privacy Policy and the Artist
 * License Agreement), written from the legal constants. The server seeds each into the documents table once,
 * when it is missing, and never over an admin's edit; the pages read their text from the API.
 * HTML as the document editor keeps it: paragraphs, lists, bold, links, and one h2 per section whose id is the
 * section's anchor (e.g. #userGuidelines). Links inside the site are addresses under /main/#/.
 */
import { LEGAL } from './constants.js';
import type { LegalDocumentKey } from './documents.js';

const CONTACT = `<a href="mailto:${LEGAL.contactEmail}">${LEGAL.contactEmail}</a>`;

function changesClause(document: string): string {
  return `<p>We may update ${document} from time to time, for example when we add features or when the law changes. When we make a material change, we will show a notice on your dashboard for ${LEGAL.changeNoticeDays} days and tell you what changed and when it takes effect.</p>
<p>If you keep using HFM after the change takes effect, the updated version applies to you. If you do not agree with it, you can close your account before then.</p>`;
}

const DISPUTES_CLAUSE = `<p><strong>Talk to us first.</strong> Most problems can be solved with a conversation. Before starting any formal proceeding, you agree to write to us at ${CONTACT} describing the problem and what you would like us to do, and we agree to do the same for you. Both of us will then try in good faith to resolve it informally for ${LEGAL.informalDisputeDays} days.</p>
<p><strong>Arbitration.</strong> If we cannot resolve a dispute informally, it will be settled by binding arbitration on an individual basis, not in a class, collective or representative action. Either of us may still bring an individual claim in small claims court, or ask a court to stop the infringement of intellectual property rights.</p>
<p><strong>Streamlined arbitration.</strong> Claims under ${LEGAL.streamlinedArbitrationUnder} follow a streamlined procedure: they are decided on written submissions, with a hearing only if the arbitrator finds one necessary.</p>
<p><strong>Fees.</strong> For claims under ${LEGAL.feesWaivedUnder}, we will reimburse your filing fees or arrange for them to be waived, unless the arbitrator finds the claim frivolous.</p>
<p><strong>Your right to opt out.</strong> You may opt out of arbitration by emailing ${CONTACT} within ${LEGAL.arbitrationOptOutDays} days of first accepting these terms, with your name, the email address of your account and a clear statement that you opt out. Opting out does not affect any other part of these terms.</p>`;

const GOVERNING_LAW_CLAUSE = `<p>These terms are governed by the laws of the State of ${LEGAL.governingLaw}, without regard to its conflict of laws rules. Any dispute not subject to arbitration will be heard in the state or federal courts located in ${LEGAL.governingLaw}, and both of us consent to their jurisdiction.</p>`;

const USER_TERMS = `
<p>These terms are the agreement between you and HFM when you use the HFM website and apps. We have tried to write them in plain language. Please read them: by creating an account or using HFM, you accept them.</p>
<h2 id="eligibility">Who can use HFM</h2>
<p>You must be at least ${LEGAL.minimumAge} years old to create an HFM account, or at least ${LEGAL.minimumAgeWithConsent} years old with the consent of a parent or legal guardian who agrees to these terms on your behalf and is responsible for your use of HFM.</p>
<p>You may not use HFM if the law where you live does not allow it, or if we have closed your account before.</p>
<h2 id="account">Your account</h2>
<p>Give us accurate information when you sign up and keep it up to date. We send a confirmation code to your email address; your account becomes active once you confirm it. Your date of birth cannot be changed after sign-up.</p>
<p>Keep your password private. You are responsible for what happens in your account. If you think someone else has used it, change your password and tell us at ${CONTACT} straight away.</p>
<h2 id="subscriptions">Subscriptions and payment</h2>
<p>A subscription is to one artist, costs $9.99 for a one-year term, and renews each year unless you cancel. There are no monthly bills and no hidden fees: the price you see before you pay is the price you pay.</p>
<p>You can cancel at any time from your account. Cancelling stops the next renewal; you keep full access to that artist until the end of the year you paid for. Payments are processed by our payment provider, and we do not store your full card number.</p>
<h2 id="music">Listening and keeping your downloads</h2>
<p>Anyone can listen to previews, and to the songs an artist chooses to share in full. While you subscribe to an artist you can stream all of their music on HFM and download it.</p>
<p>Songs you download are yours to keep for personal, non-commercial use, forever, even after your subscription ends or your account is closed. The artist still owns the music: you may not sell, share publicly, upload elsewhere, or otherwise redistribute it.</p>
<h2 id="userGuidelines">User guidelines</h2>
<p>HFM is a community of artists and the people who support them. When you use HFM, please:</p>
<ul>
<li>treat artists, fans and our team with respect; no harassment, hate speech or threats;</li>
<li>only upload or post content you own or have permission to use;</li>
<li>not impersonate anyone, or misrepresent who you are or who you work with;</li>
<li>not inflate plays, Hi Fives or subscriptions with bots, scripts or fake accounts;</li>
<li>not scrape HFM, get around our security or copy protections, or disrupt the service;</li>
<li>not use HFM for anything unlawful.</li>
</ul>
<p>If you see something that breaks these guidelines, tell us at ${CONTACT}.</p>
<h2 id="our-rights">Our rights and closing accounts</h2>
<p>We may remove content, and suspend or close accounts, that break these terms or put other people or HFM at risk. Where it is reasonable, we will tell you why and give you a chance to respond.</p>
<p>You may close your account at any time by writing to ${CONTACT}. Your downloads stay yours. We keep records of complaints about an account for ${LEGAL.complaintRecordYears} years after the account is deleted, as described in our <a href="/main/#/privacy-policy">Privacy Policy</a>.</p>
<h2 id="changes">Changes to these terms</h2>
${changesClause('these terms')}
<h2 id="disputes">Resolving disputes</h2>
${DISPUTES_CLAUSE}
<h2 id="liability">Disclaimers and limits of liability</h2>
<p>HFM is provided “as is”. We work hard to keep it running and your music safe, but we cannot promise that the service will always be available, uninterrupted or free of errors.</p>
<p>To the fullest extent the law allows, HFM is not liable for indirect, incidental, special or consequential damages, or for lost profits or data. Our total liability for any claim relating to HFM is limited to the amount paid between you and HFM in the previous ${LEGAL.liabilityCapYears} year before the event giving rise to the claim. Nothing in these terms limits liability that cannot be limited by law.</p>
<h2 id="law">Governing law</h2>
${GOVERNING_LAW_CLAUSE}
<h2 id="contact">Contact</h2>
<p>Questions about these terms? Write to us at ${CONTACT}.</p>
`;

const ARTIST_TERMS = `
<p>These terms apply to artist accounts, in addition to the User Terms of Use. How we use your music and how you are paid is set out in the <a href="/main/#/user-license-agreement">Artist License Agreement</a>, which you accept when you join.</p>
<h2 id="artist-eligibility">Who can join as an artist</h2>
<p>You must be at least ${LEGAL.minimumAge} years old, or at least ${LEGAL.minimumAgeWithConsent} years old with the consent of a parent or legal guardian who also accepts these terms.</p>
<p>If you sign up for a band or group, you confirm that you are authorised to act for every member and that they agree to these terms.</p>
<h2 id="artist-application">Applying and auditioning</h2>
<p>New artist accounts start in review. While you are in review you can sign in to complete your audition: a short bio, a photo and at least one song. A person on our team listens to every audition.</p>
<p>We decide at our discretion whether to approve an application and we may ask you for more information. Being approved does not guarantee any number of subscribers or any particular placement on HFM.</p>
<h2 id="artist-rights">Your music and your rights</h2>
<p>You may only upload music, artwork, photos and text that you own or are fully licensed to distribute, including the composition, the master recording, any samples and any featured performances. You are responsible for any clearances and for paying anyone you owe for your work.</p>
<p>You keep ownership of everything you upload. You grant HFM only the licence described in the Artist License Agreement.</p>
<h2 id="artist-content">Content standards</h2>
<ul>
<li>Upload songs as WAV files, with accurate titles, credits, release dates and ISRC codes where you have them.</li>
<li>Mark explicit songs as explicit.</li>
<li>Do not upload content that is unlawful, misleading, or that infringes anyone else's rights.</li>
<li>Follow the user guidelines in the User Terms of Use, like everyone else on HFM.</li>
</ul>
<h2 id="artist-payment">Getting paid</h2>
<p>You earn a licence fee of ${LEGAL.licenceFeePerSubscriptionYear} per year per subscription, paid ${LEGAL.payoutWindow}. New subscriptions and renewals both count.</p>
<p>Before we can pay you, you must complete a W-9 or W-8 tax form and connect a payout account. We hold payments until both are done and then pay everything owed.</p>
<h2 id="artist-provider-rights">What HFM may do</h2>
<p>To protect fans, other artists and rights holders, HFM may at its discretion remove content, suspend payments, and suspend or terminate accounts; for example, we may hold payments while we look into a copyright complaint or suspected fraud. Where it is reasonable we will tell you why and give you a chance to respond.</p>
<h2 id="artist-termination">Leaving HFM</h2>
<p>You may terminate at any time by emailing ${CONTACT} with ${LEGAL.terminationNoticeHours} hours' notice. Within ${LEGAL.terminationNoticeHours} hours, fans can no longer start new subscriptions to you. Fans who already subscribe keep access until the end of their term, and we still pay you for every subscription you earned.</p>
<p>If partners we license your music to are affected, we tell them within ${LEGAL.licenseeNoticeBusinessDays} business days.</p>
<h2 id="artist-complaints">Complaints about content</h2>
<p>If someone complains that your content infringes their rights, we may remove it while we look into it, and we will tell you about the complaint. We keep records of complaints for ${LEGAL.complaintRecordYears} years after an account is deleted.</p>
<h2 id="artist-changes">Changes to these terms</h2>
${changesClause('these terms')}
<h2 id="artist-disputes">Disputes and governing law</h2>
<p>The informal resolution, arbitration, liability and governing law (${LEGAL.governingLaw}) sections of the User Terms of Use also apply to artists.</p>
`;

const PRIVACY_POLICY = `
<p>This policy explains what personal information HFM collects, why, who we share it with and the choices you have. The short version: we collect what we need to run HFM, pay artists and keep the service safe, and we do not sell your personal information.</p>
<h2 id="privacy-collect">What we collect</h2>
<ul>
<li><strong>Account details:</strong> your name, email address, password (stored only as a secure hash), date of birth, gender, and optionally a phone number, location and profile picture.</li>
<li><strong>Artist details:</strong> artist or band name, genre, bio, photos, the music you upload and its details, tax forms and the payout account you connect.</li>
<li><strong>Activity:</strong> subscriptions, downloads, plays, Hi Fives and playlists.</li>
<li><strong>Payments:</strong> handled by our payment provider; we keep a record of each payment but never your full card number.</li>
<li><strong>Technical data:</strong> your IP address, browser type and the time of requests, used for security and to prevent abuse.</li>
</ul>
<h2 id="privacy-use">How we use it</h2>
<ul>
<li>to create your account, confirm your email address and sign you in;</li>
<li>to deliver music, keep your library and downloads, and run your subscriptions;</li>
<li>to calculate and pay artists for their subscribers;</li>
<li>to review artist applications and keep HFM safe, including preventing fraud and abuse;</li>
<li>to send you messages about your account, such as receipts and notices of changes.</li>
</ul>
<h2 id="privacy-sharing">Who we share it with</h2>
<p>We share information only with providers that help us run HFM (hosting, storage, email and payments), under contracts that limit their use of it, and when the law requires us to. Artists see numbers such as plays, Hi Fives and subscriber counts.</p>
<p>We do not sell your personal information, and we do not use advertising trackers.</p>
<h2 id="privacy-cookies">Cookies</h2>
<p>We use one essential cookie to keep you signed in. It cannot be read by scripts on the page, and it ends after a set period or when you sign out.</p>
<h2 id="privacy-retention">How long we keep it</h2>
<p>We keep your information while your account is open. When you delete your account we delete or anonymise your personal information, except records we must keep: payment and tax records for as long as the law requires, and records of complaints for ${LEGAL.complaintRecordYears} years after account deletion.</p>
<h2 id="privacy-choices">Your choices and rights</h2>
<p>You can see and correct most of your information in your account settings (your date of birth cannot be changed after sign-up). You can ask us for a copy of your information, or ask us to delete it, by writing to ${CONTACT}. We answer every request, and we may need to confirm it is really you.</p>
<p>Depending on where you live, you may have further rights under local law; we honour them.</p>
<h2 id="privacy-security">Security</h2>
<p>We protect your information with encryption in transit, hashed passwords, limits on sign-in attempts and access only for the people who need it. No system is perfectly secure; if a breach affects you, we will tell you promptly.</p>
<h2 id="privacy-age">Age</h2>
<p>HFM is for people aged ${LEGAL.minimumAge} and over, or ${LEGAL.minimumAgeWithConsent} and over with a parent's or guardian's consent. If you believe a younger person has given us information, contact us and we will delete it.</p>
<h2 id="privacy-changes">Changes to this policy</h2>
${changesClause('this policy')}
<h2 id="privacy-contact">Contact</h2>
<p>HFM is operated from ${LEGAL.governingLaw}, United States. Questions about privacy? Write to ${CONTACT}.</p>
`;

const LICENSE_AGREEMENT = `
<p>This agreement is between you, the artist (“you”), and HFM (“HFM”, “we”). It says what rights you give HFM in the music you upload, what HFM pays you for them, and how either of us can end the arrangement. It works alongside the <a href="/main/#/user-terms?tab=artist">Artist Terms of Use</a>.</p>
<h2 id="license-grant">The licence you grant</h2>
<p>While your account is active, you grant HFM a worldwide, non-exclusive licence to:</p>
<ul>
<li>store, copy and convert your recordings and artwork into the formats needed to deliver them;</li>
<li>stream your music in full to your subscribers, and offer them downloads;</li>
<li>play previews of up to 45 seconds to anyone, and play in full the songs you choose to share in full;</li>
<li>show your name, photos, artwork and bio on HFM and in HFM's promotion of your music;</li>
<li>if you opt in to HFM Picks, include one of your tracks a month in the curated playlist, where subscribers may keep the full song, and in streaming-only HFM radio playlists.</li>
</ul>
<p>You keep ownership of your music. You may release it anywhere else you like.</p>
<h2 id="license-ownership">Your promises about rights</h2>
<p>You confirm that you own or control all rights in everything you upload, that HFM's use of it under this agreement will not infringe anyone's rights, and that you will pay any co-writers, performers, producers or other rights holders what you owe them.</p>
<p>If someone brings a claim against HFM because this promise was not true, you agree to cover HFM's reasonable losses and costs arising from that claim.</p>
<h2 id="license-fee">Licence fee</h2>
<p>HFM pays you a licence fee of ${LEGAL.licenceFeePerSubscriptionYear} per year per subscription to you, for every new subscription and every renewal. The fee is paid ${LEGAL.payoutWindow}: we count the subscriptions of each month and pay you for them between the 22nd and 28th of the next month.</p>
<p>For example, 1,000 subscribers bring you $5,000 per year. Fees are paid in US dollars to the payout account you connect.</p>
<h2 id="license-tax">Tax forms and payout account</h2>
<p>Before HFM makes any payment, you must complete a W-9 or W-8 tax form (W-9 for US persons, W-8 for others) and connect a payout account. Until both are in place, we hold what you have earned and pay it all in the next payment window after they are complete. We may withhold tax where the law requires.</p>
<h2 id="license-provider-rights">HFM’s rights</h2>
<p>HFM may, at its discretion, remove content, suspend payments, and suspend or terminate accounts, for example when content is the subject of a rights complaint, when we suspect fraud or artificial plays, or when this agreement or the Artist Terms of Use are broken. Payments suspended for a claim that turns out to be unfounded are released in the next payment window.</p>
<h2 id="license-termination">Ending this agreement</h2>
<p>You may terminate this agreement by emailing ${CONTACT} with ${LEGAL.terminationNoticeHours} hours' notice. Within ${LEGAL.terminationNoticeHours} hours the subscription feature for you is disabled, so no new fans can subscribe. Fans who already subscribe keep access to your music until the end of their term, and the licence continues for them until then. Songs they downloaded remain theirs.</p>
<p>Licence fees you earned before termination are still paid. If any of our licensees are affected, we tell them within ${LEGAL.licenseeNoticeBusinessDays} business days.</p>
<h2 id="license-records">Records</h2>
<p>We keep records of payments as the law requires, and records of complaints about content for ${LEGAL.complaintRecordYears} years after an account is deleted.</p>
<h2 id="license-changes">Changes to this agreement</h2>
${changesClause('this agreement')}
<h2 id="license-disputes">Resolving disputes</h2>
${DISPUTES_CLAUSE}
<h2 id="license-liability">Limits of liability</h2>
<p>To the fullest extent the law allows, neither of us is liable to the other for indirect or consequential losses, and HFM's total liability under this agreement is limited to the amount paid to you in the previous ${LEGAL.liabilityCapYears} year before the claim arose. This does not limit your right to licence fees you have earned.</p>
<h2 id="license-law">Governing law</h2>
${GOVERNING_LAW_CLAUSE}
`;

export interface LegalDocumentSeed {
  key: LegalDocumentKey;
  label: string;
  content: string;
}

/**
 * What the server seeds when a document is missing, in the order the admin list shows them. Plain data (no
 * calls), so a bundle that imports only the keys from documents.ts leaves these texts out.
 */
export const LEGAL_DOCUMENTS: readonly LegalDocumentSeed[] = [
  { key: 'user-terms', label: 'User Terms of Use', content: USER_TERMS },
  { key: 'artist-terms', label: 'Artist Terms of Use', content: ARTIST_TERMS },
  { key: 'privacy-policy', label: 'Privacy Policy', content: PRIVACY_POLICY },
  { key: 'license-agreement', label: 'Artist License Agreement', content: LICENSE_AGREEMENT },
];
