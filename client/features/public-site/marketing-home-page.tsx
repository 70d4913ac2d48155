import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { usePageMeta } from '@client/lib/page-meta';
import { TIER_LIST } from '@shared/service-tiers';
import {
  ArrowRight,
  BadgeCheck,
  Copy,
  CtaBand,
  FAST_FEE,
  FAST_HOURS,
  FileText,
  HowItWorks,
  MessageSquareWarning,
  MINIMUM_CHARGE,
  ratePerWord,
  SearchX,
  Section,
  ShieldCheck,
  STANDARD_DAYS,
  type Step,
  TierCards,
  Upload,
  UserCheck,
  UsersRound,
} from './components/kit';

const STEPS: readonly Step[] = [
  {
    icon: Upload,
    title: 'Submit your content',
    text: 'Paste your text or upload a .txt, .docx or .pdf file. Choose a service level, tell us about your audience and tone, and pay securely by card.',
  },
  {
    icon: UserCheck,
    title: 'A human reviews it',
    text: 'A professional copywriter checks the facts, then polishes or rewrites the text to the level you chose. You can message them while they work.',
  },
  {
    icon: FileText,
    title: 'Receive reviewed content',
    text: `Your reviewed text appears in your dashboard with the reviewer's notes, usually within ${STANDARD_DAYS}, or within ${FAST_HOURS} hours with fast turnaround.`,
  },
];

const RISKS = [
  {
    icon: MessageSquareWarning,
    title: 'Hallucinations and misinformation',
    text: 'AI tools state invented statistics, quotes and sources with complete confidence. One wrong figure can cost you a client, or a correction in public.',
  },
  {
    icon: Copy,
    title: 'Lack of originality',
    text: 'Generated text leans on the same phrases and ideas as everyone else using the same tools, so your brand sounds like nobody in particular.',
  },
  {
    icon: SearchX,
    title: 'SEO penalties',
    text: 'Search engines reward helpful, first-hand content. Thin, repetitive or inaccurate pages struggle to rank and can drag the rest of your site down.',
  },
  {
    icon: UsersRound,
    title: 'Reader disconnect',
    text: 'Readers spot "AI-isms" quickly. Stilted phrasing and vague claims lose their trust, and with it the click, the reply or the sale.',
  },
] as const;

export default function MarketingHomePage() {
  usePageMeta();
  const cheapest = TIER_LIST[0]!;

  return (
    <>
      <section aria-labelledby="hero-title" className="border-b border-slate-200 bg-gradient-to-b from-emerald-50 to-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[3fr_2fr] lg:items-center">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-emerald-200 bg-white px-3 py-1 text-sm font-medium text-accent">
              <ShieldCheck className="h-4 w-4" aria-hidden="true" />
              Checked by people, not by another AI
            </p>
            <h1 id="hero-title" className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              AI wrote it. A human makes sure it&rsquo;s right.
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-700">
              Professional copywriters fact-check, polish or rewrite your AI-generated text, so you can publish it
              with confidence. Pay per word, from {ratePerWord(cheapest.id)}, with no subscription.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild variant="accent" size="lg">
                <Link href="/check-now">
                  Check your content now
                  <ArrowRight className="h-5 w-5" aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild variant="outline" size="lg">
                <a href="#services">See services and prices</a>
              </Button>
            </div>
          </div>
          <ul className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            {[
              'Every key claim, name, date and figure checked by a person',
              `Standard review in ${STANDARD_DAYS}; ${FAST_HOURS}-hour fast turnaround available`,
              'One free revision within 7 days of delivery',
              'British or American English, to your tone and audience',
            ].map((point) => (
              <li key={point} className="flex gap-3 text-sm text-slate-800">
                <BadgeCheck className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <HowItWorks intro="Three steps between a first draft and content you are happy to put your name to." steps={STEPS} />

      <Section
        tone="muted"
        title="The risks of publishing unchecked AI content"
        intro="AI is a fast first drafter. It is not an editor, a fact-checker or your brand's voice."
      >
        <ul className="grid gap-6 sm:grid-cols-2">
          {RISKS.map((risk) => (
            <li key={risk.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-700">
                <risk.icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{risk.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-700">{risk.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="services"
        title="Services and per-word prices"
        intro={`Choose how much a human should do. Every order is priced per word, with a ${MINIMUM_CHARGE} minimum charge. Fast turnaround within ${FAST_HOURS} hours adds ${FAST_FEE}.`}
      >
        <TierCards />
        <p className="mt-8 text-center text-sm text-slate-700">
          Not sure which to choose?{' '}
          <Link href="/services" className="font-medium text-accent underline underline-offset-4">
            Compare the services in detail
          </Link>{' '}
          or{' '}
          <Link href="/contact" className="font-medium text-accent underline underline-offset-4">
            ask our team
          </Link>
          .
        </p>
      </Section>

      <CtaBand
        id="cta-title"
        large
        title="Publish with confidence"
        lead="Paste your draft, see the exact price before you pay, and get it back checked by a professional."
        secondary={{ href: '/about', label: 'Meet the team behind HumanProof' }}
      >
        <p className="mt-8 text-sm text-slate-300">
          By ordering you agree to our{' '}
          <Link href="/terms-of-service" className="text-white underline underline-offset-4">
            terms of service
          </Link>
          . Read how we look after your content in our{' '}
          <Link href="/privacy-policy" className="text-white underline underline-offset-4">
            privacy policy
          </Link>
          .
        </p>
      </CtaBand>
    </>
  );
}
