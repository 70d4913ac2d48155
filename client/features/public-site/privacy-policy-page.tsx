import { Link } from 'wouter';
import { usePageMeta } from '@client/lib/page-meta';
import { useSiteConfig } from '@client/lib/site-config';
import { BRAND } from '@shared/brand';
import {
  LegalContact,
  LegalDocument,
  type LegalSection,
} from './components/kit';

export default function PrivacyPolicyPage() {
  usePageMeta();
  const { support } = useSiteConfig();

  const sections: LegalSection[] = [
    {
      id: 'who-we-are',
      title: 'Who we are',
      body: (
        <>
          <p>
            {BRAND.name} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) provides human review of written content. We are the
            controller of the personal data described in this policy under the UK General Data Protection Regulation
            (UK GDPR) and the Data Protection Act 2018. Our postal address is {support.address}.
          </p>
        </>
      ),
    },
    {
      id: 'what-we-collect',
      title: 'The information we collect',
      body: (
        <>
          <p>We only collect what we need to provide the service:</p>
          <ul>
            <li>
              <strong>Account details:</strong> your first and last name, e-mail address and, if you sign in with a
              password, a securely hashed version of it (we never store the password itself).
            </li>
            <li>
              <strong>Order details:</strong> the content you submit, the files you upload, your instructions and
              preferences (service level, category, tone, audience, English variant), and the contact name, e-mail,
              phone number and website you give with an order.
            </li>
            <li>
              <strong>Payment records:</strong> the amount, date and status of each payment. Card details are entered
              directly with our card payment provider; we never see or store your full card number.
            </li>
            <li>
              <strong>Messages:</strong> what you send to our review team through your dashboard, our contact form
              or by e-mail.
            </li>
            <li>
              <strong>Newsletter:</strong> your e-mail address, if you subscribe.
            </li>
            <li>
              <strong>Technical data:</strong> your IP address and basic request information, kept in our server
              logs to keep the service secure and to prevent abuse.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'how-we-use',
      title: 'How we use your information and our lawful bases',
      body: (
        <ul>
          <li>
            <strong>To provide the service you order</strong> (performance of a contract): reviewing your content,
            taking payment, delivering the result and sending you updates about your orders.
          </li>
          <li>
            <strong>To answer your questions</strong> (legitimate interests): replying to contact-form messages and
            support requests.
          </li>
          <li>
            <strong>To keep the service safe</strong> (legitimate interests): preventing fraud, spam and misuse, and
            fixing faults.
          </li>
          <li>
            <strong>To meet our legal duties</strong> (legal obligation): keeping financial records for tax and
            accounting.
          </li>
          <li>
            <strong>To send our newsletter</strong> (consent): only if you subscribe. You can unsubscribe at any time
            using the link in every e-mail or by contacting us.
          </li>
        </ul>
      ),
    },
    {
      id: 'your-content',
      title: 'Your content',
      body: (
        <>
          <p>
            The text and files you submit stay yours. Only the reviewers working on your order and the staff who
            support them can see them. We do not publish, sell or share your content, and we do not use it to train
            artificial intelligence models.
          </p>
          <p>
            Please do not submit special category data (for example health information) or other people&rsquo;s
            personal data unless you have the right to share it with us for review.
          </p>
        </>
      ),
    },
    {
      id: 'certificates',
      title: 'Certificates of human review',
      body: (
        <>
          <p>
            Every delivery comes with a signed certificate that anyone holding its code can check on our verify page
            (/verify/&hellip;), as a PDF, a badge or JSON. It shows the order number, the service, the delivery date,
            how much review work was done (active minutes, words changed, claims checked, language findings fixed) and
            the reviewer as their first name and the initial of their surname. Its verifiable credential (a standard
            form of the same certificate) also shows who holds editorial responsibility for the text, when you name
            someone on the order or in Settings.
          </p>
          <p>
            It never contains your text: only its SHA-256 fingerprint, from which the text cannot be recovered. Someone
            who pastes a copy into the verify page has it compared in their own browser; it is never sent to us. The
            reviewer&rsquo;s e-mail address and full surname are never shown. You can make a certificate private from
            your order, and the page then says only that a valid certificate exists and its date.
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      body: (
        <>
          <p>We share personal data only with service providers who help us run the service, under written contracts:</p>
          <ul>
            <li>our card payment provider, to take payments;</li>
            <li>our hosting, storage and e-mail delivery providers, to run the website and send your updates.</li>
          </ul>
          <p>
            We may disclose information if the law requires it, or to protect our rights and the safety of others. We
            never sell personal data. Where a provider processes data outside the UK, we make sure it is protected by
            UK adequacy regulations or the UK International Data Transfer Agreement.
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <>
          <ul>
            <li>
              <strong>Active accounts:</strong> your account data and order history are kept while your account is
              open and for up to 3 years after it is closed, so we can answer questions about past orders.
            </li>
            <li>
              <strong>Inactive accounts:</strong> data of accounts that are not used is kept for up to 7 years,
              which also covers the period for which we must keep financial records.
            </li>
            <li>
              <strong>Marketing data:</strong> newsletter subscriptions and marketing preferences are kept for up to
              5 years, or until you unsubscribe, whichever comes first.
            </li>
          </ul>
          <p>
            If you close your account or we terminate it, your account data may be deleted 30 days after
            termination, apart from records the law requires us to keep.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'How we protect it',
      body: (
        <p>
          Data is encrypted in transit, passwords are stored only as strong one-way hashes, uploaded files are
          private and can only be downloaded by you and our reviewers, and access to customer data is limited to
          staff who need it. No system is perfectly secure, but we review our safeguards regularly.
        </p>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and local storage',
      body: (
        <p>
          We use only strictly necessary cookies: a session cookie that keeps you signed in and security cookies
          that protect your account. If you fill in the order form before signing in, your draft is kept in your
          browser&rsquo;s storage until your order is created. We do not use advertising or tracking cookies.
        </p>
      ),
    },
    {
      id: 'rights',
      title: 'Your rights',
      body: (
        <>
          <p>Under UK data protection law you have the right to:</p>
          <ul>
            <li>ask for a copy of the personal data we hold about you;</li>
            <li>have inaccurate data corrected;</li>
            <li>have your data deleted, or its use restricted, in certain circumstances;</li>
            <li>object to processing based on our legitimate interests;</li>
            <li>receive your data in a portable format;</li>
            <li>withdraw consent at any time, where we rely on it.</li>
          </ul>
          <p>
            To use any of these rights, contact us using the details below. We will reply within one month. If you
            are unhappy with how we handle your data, you can complain to the Information Commissioner&rsquo;s Office
            (ico.org.uk, 0303 123 1113), though we would welcome the chance to put things right first.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: <p>The service is for adults and businesses. We do not knowingly collect data from anyone under 18.</p>,
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: (
        <p>
          We may update this policy from time to time. The date at the top shows the latest version, and we will
          e-mail account holders about significant changes. Our{' '}
          <Link href="/terms-of-service" className="text-accent underline underline-offset-4">
            terms of service
          </Link>{' '}
          explain the rules for using the service.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: (
        <>
          <p>Questions about this policy or your data? Our support team is here to help:</p>
          <LegalContact {...support} />
        </>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Privacy policy"
      intro={
        <p>
          This policy explains what personal data {BRAND.name} collects when you use our website and services, why we
          collect it, how long we keep it and the rights you have. We have written it in plain English; if anything is
          unclear, please contact us.
        </p>
      }
      sections={sections}
    />
  );
}
