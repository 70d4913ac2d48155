import { Link } from 'wouter';
import { usePageMeta } from '@client/lib/page-meta';
import { useSiteConfig } from '@client/lib/site-config';
import { BRAND } from '@shared/brand';
import { LegalContact, LegalDocument, type LegalSection } from './components/kit';

/** When this statement was last reviewed: change it with the statement. */
const STATEMENT_UPDATED = { label: 'November 26, 2026', iso: '2026-11-26' };

const link = 'text-accent underline underline-offset-4';

/**
 * The accessibility statement (issue 25), in the style of UK public services' statements: the standard, how far
 * we meet it, what is known not to work, how we tested, and how to report a problem. Keep "Known gaps" honest.
 */
export default function AccessibilityStatementPage() {
  usePageMeta();
  const { support } = useSiteConfig();

  const sections: LegalSection[] = [
    {
      id: 'using-this-website',
      title: 'Using this website',
      body: (
        <>
          <p>
            {BRAND.name} is run by a small team. We want as many people as possible to be able to use it, whether they
            order reviews, follow an order or work in our review team. For example, you should be able to:
          </p>
          <ul>
            <li>zoom in up to 400% without the text spilling off the screen or needing to scroll sideways;</li>
            <li>order, pay, message us and manage your account using only a keyboard;</li>
            <li>use the site with a screen reader (we test with the names and roles it announces);</li>
            <li>turn off animations through your device&rsquo;s &ldquo;reduce motion&rdquo; setting.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'compliance',
      title: 'How accessible this website is',
      body: (
        <p>
          This website is partially compliant with the Web Content Accessibility Guidelines (WCAG) version 2.2 AA
          standard, because of the known gaps listed below.
        </p>
      ),
    },
    {
      id: 'known-gaps',
      title: 'Known gaps',
      body: (
        <>
          <p>We know that some parts of the website are not yet fully accessible:</p>
          <ul>
            <li>
              The signed-in pages and the review team&rsquo;s pages are checked automatically and by keyboard, but
              have not yet been tested by people who use screen readers or other assistive technologies.
            </li>
            <li>
              Charts on the insights page are drawn as pictures; the same figures are in the tables beside them.
            </li>
            <li>
              Word-processor and PDF files you download (the reviewed document and the fact-check report) have not
              been tested with assistive technologies.
            </li>
          </ul>
          <p>We are working on each of these and will update this statement as they are fixed.</p>
        </>
      ),
    },
    {
      id: 'how-we-tested',
      title: 'How we tested this website',
      body: (
        <>
          <p>
            Every page of the website is checked automatically on every change with axe against the WCAG 2.0, 2.1
            and 2.2 A and AA rules, as each kind of user sees it: a visitor, a customer with orders, a reviewer and
            an administrator. No problem of any severity is allowed. The public pages are also checked to fit a
            360-pixel-wide screen without sideways scrolling, to keep keyboard focus visible, and to have one main
            heading.
          </p>
          <p>
            Four journeys are walked with the keyboard alone on every change: ordering, paying and messaging us;
            claiming, reviewing and completing an order; your settings (signed-in devices and the data export); and
            cancelling an order. Each step checks that the focused control is visible and not hidden under a pinned
            bar.
          </p>
          <p>
            The <Link href="/check-now" className={link}>order form</Link> is part of the page itself, so you can
            type before the page&rsquo;s scripts have loaded; a button pressed that early shows it is busy and acts
            as soon as they have.
          </p>
          <p>
            The customer journeys (ordering, paying, messaging, cancelling) and the review team&rsquo;s journeys are
            tested in a real browser through their accessible names and roles, which is how a screen reader finds
            them.
          </p>
        </>
      ),
    },
    {
      id: 'feedback',
      title: 'Reporting accessibility problems',
      body: (
        <>
          <p>
            If you find a problem not listed here, or you need something on this website in a different format, please
            tell us. Describe the page (its address) and what went wrong; we will reply within 5 working days.
            You can also use our <Link href="/contact" className={link}>contact form</Link>.
          </p>
          <LegalContact {...support} />
          <p>
            If you are not happy with how we respond, you can contact the Equality Advisory and Support Service
            (EASS).
          </p>
        </>
      ),
    },
    {
      id: 'preparation',
      title: 'Preparation of this statement',
      body: (
        <p>
          This statement was prepared on <time dateTime={STATEMENT_UPDATED.iso}>{STATEMENT_UPDATED.label}</time>. It
          was last reviewed on the same date, by the team that builds the website, based on the tests described
          above.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Accessibility statement"
      updated={STATEMENT_UPDATED}
      intro={
        <p>
          This statement applies to the {BRAND.name} website: the public pages, the order form, your dashboard and
          account, and the pages our review team works in.
        </p>
      }
      sections={sections}
    />
  );
}
