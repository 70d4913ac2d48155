import { Link } from 'wouter';
import { usePageMeta } from '@client/lib/page-meta';
import { useSiteConfig } from '@client/lib/site-config';
import { BRAND } from '@shared/brand';
import { LegalContact, LegalDocument, type LegalSection } from './components/kit';

/** When this statement was last reviewed: change it with the statement. */
const STATEMENT_UPDATED = { label: 'November 25, 2026', iso: '2026-11-25' };

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
              The signed-in pages (your dashboard, settings and checkout) and the review team&rsquo;s pages (the review
              queue, the workspace, team and insights) have not yet been checked by automated WCAG 2.2 tests the way
              the public pages are, nor walked end to end by keyboard alone.
            </li>
            <li>
              The order form at <Link href="/check-now" className={link}>/check-now</Link> appears only once the
              page&rsquo;s scripts have loaded, which can take several seconds on a slow phone.
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
            Every public page (home, services, about, blog, help centre, contact, the legal pages and this statement)
            is checked automatically on every change with axe against the WCAG 2 A and AA rules: no serious or
            critical problem is allowed. The same tests check that the pages fit a 360-pixel-wide screen without
            sideways scrolling, that keyboard focus is always visible, and that each page has one main heading.
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
