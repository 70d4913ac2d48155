import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Input } from '@client/components/ui/input';
import { usePageMeta } from '@client/lib/page-meta';
import { HelpArticleItem } from './components/help-article-item';
import { ServiceStatus } from './components/service-status';
import {
  HELP_ARTICLES,
  HELP_CATEGORIES,
  HELP_RESULTS_ID,
  HELP_RESULTS_LIST,
  HELP_SEARCH_ISLAND,
  helpResultsText,
  POPULAR_ARTICLES,
  searchHelpArticles,
} from './help-articles';
import {
  Activity,
  Code2,
  CalendarClock,
  CtaBand,
  FeatureCard,
  Headphones,
  MessageCircle,
  PageHeader,
  Search,
  Section,
  Ticket,
  TrendingUp,
} from './components/kit';

const CARD = 'flex flex-col rounded-2xl border border-slate-200 bg-white p-6';
const WAY_LINK = 'mt-4 text-sm font-medium text-accent underline underline-offset-4';

const WAYS = [
  {
    icon: Code2,
    title: 'API documentation',
    text: 'Send drafts from your own pipeline: API keys, prepaid credit, orders and signed webhooks, with verification examples in TypeScript and Python.',
    href: '/docs/api',
    link: 'Read the API documentation',
    serverPage: true,
  },
  {
    icon: MessageCircle,
    title: 'Live chat',
    text: 'Message our team during business hours (Mon-Fri 9-6 EST, Sat 10-4) and we will answer as quickly as we can, usually the same day.',
    href: '/contact#form',
    link: 'Start a conversation',
    serverPage: false,
  },
  {
    icon: Ticket,
    title: 'Submit a ticket',
    text: 'Questions about an order? Include your submission id and we will reply by e-mail within one business day.',
    href: '/contact#form',
    link: 'Open a support ticket',
    serverPage: false,
  },
] as const;

export default function HelpCenterPage() {
  usePageMeta();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  // The page is pre-rendered and its scripts start after the first paint, so a visitor may type before it
  // hydrates. React adopts the input with what was typed: take it up once, so no keystroke is lost.
  useEffect(() => {
    const typed = searchRef.current?.value;
    if (typed) setQuery(typed);
  }, []);
  const searching = query.trim().length > 0;
  const results = searchHelpArticles(query);

  return (
    <>
      <PageHeader
        eyebrow="Help center"
        title="How can we help?"
        lead="Find quick answers about ordering, prices, reviews and your account."
      >
        <form role="search" onSubmit={(e) => e.preventDefault()} className="max-w-xl">
          <label htmlFor={searchId} className="sr-only">
            Search help articles
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
            <Input
              id={searchId}
              ref={searchRef}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search, e.g. refund, revision, file types"
              className="h-12 pl-10 text-base"
              aria-controls={HELP_RESULTS_ID}
              data-island={HELP_SEARCH_ISLAND}
            />
          </div>
        </form>
      </PageHeader>

      {/* A visitor's page searches without React (help-center-island.ts, decision 071): it draws the same results. */}
      <div id={HELP_RESULTS_ID}>
        {searching ? (
          <Section title="Search results">
            <p role="status" className="text-sm text-slate-700">
              {helpResultsText(query, results.length)}
            </p>
            {results.length > 0 ? (
              <ul className={`mt-4 ${HELP_RESULTS_LIST}`}>
                {results.map((article) => (
                  <li key={article.id} className="p-1">
                    <HelpArticleItem article={article} meta />
                  </li>
                ))}
              </ul>
            ) : null}
          </Section>
        ) : (
          <div data-help-browse="">
            <Section title="Popular articles">
              <ul className="max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200">
                {POPULAR_ARTICLES.map((article) => (
                  <li key={article.id} className="flex items-start gap-2 p-1">
                    <TrendingUp className="mt-3 ml-2 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
                    <div className="min-w-0 flex-1">
                      <HelpArticleItem article={article} meta />
                    </div>
                  </li>
                ))}
              </ul>
            </Section>
            <Section tone="muted" title="Browse by category">
              <ul className="grid gap-6 md:grid-cols-2">
                {HELP_CATEGORIES.map((category) => (
                  <li key={category.id} className={CARD}>
                    <h3 className="text-lg font-semibold text-slate-900">{category.label}</h3>
                    <p className="mt-1 mb-3 text-sm text-slate-700">{category.blurb}</p>
                    <ul>
                      {HELP_ARTICLES.filter((a) => a.category === category.id).map((article) => (
                        <li key={article.id}>
                          <HelpArticleItem article={article} />
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </Section>
          </div>
        )}
      </div>

      <Section title="More ways to get help">
        <ul className="grid gap-6 md:grid-cols-3">
          {WAYS.map((way) => (
            <FeatureCard key={way.title} icon={way.icon} title={way.title} className="flex flex-col">
              <p className="mt-2 flex-1 text-sm text-slate-700">{way.text}</p>
              {/* The API documentation is a server page (decision 024): a full page load, not a client route. */}
              {way.serverPage ? (
                <a href={way.href} className={WAY_LINK}>
                  {way.link}
                </a>
              ) : (
                <Link href={way.href} className={WAY_LINK}>
                  {way.link}
                </Link>
              )}
            </FeatureCard>
          ))}
          <FeatureCard icon={Activity} title="Status page" className="flex flex-col">
            <p className="mt-2 mb-4 flex-1 text-sm text-slate-700">Is something not working? Check the live status of the service.</p>
            <ServiceStatus />
          </FeatureCard>
        </ul>
      </Section>

      <CtaBand
        id="still-need-help"
        title="Still need help?"
        lead="Our support team is happy to talk through an order, a larger project or anything else."
        primary={{ href: '/contact', label: 'Contact Support', icon: Headphones }}
        secondary={{ href: '/contact#form', label: 'Schedule a Call', icon: CalendarClock }}
      />
    </>
  );
}
