import { Link } from 'wouter';
import { usePageMeta } from '@client/lib/page-meta';
import { useSiteConfig } from '@client/lib/site-config';
import { BRAND } from '@shared/brand';
import { ON_TIME_GUARANTEE } from '@shared/on-time-guarantee';
import {
  FAST_FEE,
  FAST_HOURS,
  LegalContact,
  LegalDocument,
  type LegalSection,
  MINIMUM_CHARGE,
  ratesInWords,
  STANDARD_DAYS,
} from './components/kit';

export default function TermsOfServicePage() {
  usePageMeta();
  const { support } = useSiteConfig();

  const sections: LegalSection[] = [
    {
      id: 'about',
      title: 'About these terms',
      body: (
        <p>
          These terms apply when you use the {BRAND.name} website and order a review. By creating an account or
          placing an order you agree to them. They are governed by the law of England and Wales, and nothing in them
          affects your statutory rights as a consumer.
        </p>
      ),
    },
    {
      id: 'service',
      title: 'Our service',
      body: (
        <>
          <p>
            Professional human reviewers check, edit or rewrite the content you submit, to the service level you
            choose: Fact checked, Polished or Rewritten. What each level includes is described on our{' '}
            <Link href="/services" className="text-accent underline underline-offset-4">
              services page
            </Link>
            , which forms part of these terms.
          </p>
          <p>
            We take care to check the claims in your content against reliable sources, but the final decision to
            publish is yours. We are not responsible for content you publish, and a review is not legal, medical or
            financial advice.
          </p>
        </>
      ),
    },
    {
      id: 'account',
      title: 'Your account',
      body: (
        <p>
          You need an account to place an order. Keep your sign-in details private and tell us straight away if you
          think someone else has used your account. You must be 18 or over, and the details you give us must be
          accurate.
        </p>
      ),
    },
    {
      id: 'orders-prices',
      title: 'Orders and prices',
      body: (
        <>
          <p>
            Prices are per word of the content you submit, counted as the form shows before you pay: {ratesInWords()}{' '}
            per word. Each order can contain up to 3,000 words.
          </p>
          <ul>
            <li>A minimum charge of {MINIMUM_CHARGE} applies to every order.</li>
            <li>
              Fast turnaround (delivery within {FAST_HOURS} hours of payment) adds {FAST_FEE} to the price.
            </li>
            <li>All prices are in pounds sterling (GBP). The total shown at checkout is the amount you pay.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'payment',
      title: 'Payment',
      body: (
        <p>
          Payment is required in full before work begins. You pay by card through our card payment provider when you
          place the order; your order is confirmed once the payment succeeds. If a payment fails, no work is started
          and nothing is charged.
        </p>
      ),
    },
    {
      id: 'delivery',
      title: 'Turnaround and delivery',
      body: (
        <p>
          Standard reviews are delivered within {STANDARD_DAYS} of payment, and fast-turnaround reviews within{' '}
          {FAST_HOURS} hours. The due date is shown in your dashboard. Your reviewed content is delivered to your
          dashboard, and we e-mail you when it is ready. If we cannot meet a due date we will tell you as soon as
          possible.
        </p>
      ),
    },
    {
      id: 'on-time-guarantee',
      title: ON_TIME_GUARANTEE.heading,
      body: (
        <>
          <p>{ON_TIME_GUARANTEE.summary}</p>
          <p>{ON_TIME_GUARANTEE.detail}</p>
        </>
      ),
    },
    {
      id: 'revisions',
      title: 'Revisions',
      body: (
        <p>
          Every order includes one free revision. Request it within 7 days of delivery by messaging the review team
          from your dashboard and explaining what you would like changed. Revisions take 1-2 business days. A revision
          covers the content and instructions of the original order; new content or a different service level is a
          new order.
        </p>
      ),
    },
    {
      id: 'refunds',
      title: 'Cancellations and refunds',
      body: (
        <>
          <p>
            You may request a full refund within 24 hours of submission if work has not started. Contact us with your
            submission id and we will refund the card you paid with.
          </p>
          <p>
            By placing an order you ask us to start work straight away. Once a reviewer has started, you lose the
            right to cancel under the Consumer Contracts Regulations, but you keep your rights if the service is not
            provided with reasonable care and skill. If something goes wrong, tell us and we will put it right.
          </p>
        </>
      ),
    },
    {
      id: 'your-content',
      title: 'Your content and acceptable use',
      body: (
        <>
          <p>
            You keep all rights in the content you submit and in the reviewed version we deliver. You give us
            permission to use your content only to provide the service. You confirm that you have the right to submit
            it.
          </p>
          <p>
            Do not submit content that is unlawful, defamatory, infringes someone else&rsquo;s rights or is intended to
            deceive. We may refuse or stop work on such content; if we do, we will refund any work not carried out.
          </p>
        </>
      ),
    },
    {
      id: 'liability',
      title: 'Our liability',
      body: (
        <p>
          We provide the service with reasonable care and skill. We are not liable for losses that were not
          foreseeable, or for business losses such as lost profit, and our total liability for an order is limited to
          the price you paid for it. Nothing in these terms limits liability that cannot be limited by law, including
          for death or personal injury caused by negligence, or for fraud.
        </p>
      ),
    },
    {
      id: 'termination',
      title: 'Closing your account',
      body: (
        <p>
          You can close your account at any time by contacting us. We may suspend or close an account that breaks
          these terms. After termination, your account data may be deleted after 30 days; we keep only the records the
          law requires, as our{' '}
          <Link href="/privacy-policy" className="text-accent underline underline-offset-4">
            privacy policy
          </Link>{' '}
          explains.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: (
        <p>
          We may update these terms. The version that applies to an order is the one in force when you placed it. We
          will e-mail account holders about significant changes.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: (
        <>
          <p>Questions about these terms, an order or a refund? Contact our support team:</p>
          <LegalContact {...support} />
        </>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Terms of service"
      intro={
        <p>
          Please read these terms before ordering. They explain what we do, what you pay, and what happens if
          something needs to change. We have kept them short and in plain English.
        </p>
      }
      sections={sections}
    />
  );
}
