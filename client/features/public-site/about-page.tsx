import { usePageMeta } from '@client/lib/page-meta';
import {
  CtaBand,
  Eye,
  FeatureCard,
  FAST_HOURS,
  HeartHandshake,
  Lock,
  PageHeader,
  Scale,
  Section,
  Sparkles,
  STANDARD_DAYS,
  Timer,
} from './components/kit';

const REASONS = [
  {
    icon: Eye,
    title: 'Real people, every time',
    text: 'Every order is read by a professional copywriter or editor. We do not run your text through another AI and call it a review.',
  },
  {
    icon: Scale,
    title: 'Clear, per-word pricing',
    text: 'You see the exact price before you pay. No subscription, no credits that expire, no surprise extras.',
  },
  {
    icon: Timer,
    title: 'Dependable turnaround',
    text: `Standard reviews are delivered within ${STANDARD_DAYS}, and fast turnaround returns your content within ${FAST_HOURS} hours.`,
  },
  {
    icon: Lock,
    title: 'Your content stays yours',
    text: 'We never publish, resell or use your text to train AI models. Only the reviewers working on your order can see it.',
  },
  {
    icon: HeartHandshake,
    title: 'A revision if you need one',
    text: 'If something is not right, ask for one free revision within 7 days of delivery. It usually takes 1-2 business days.',
  },
  {
    icon: Sparkles,
    title: 'Written for your readers',
    text: 'Tell us your audience, tone and whether you write British or American English, and we edit to match.',
  },
] as const;

export default function AboutPage() {
  usePageMeta();

  return (
    <>
      <PageHeader
        eyebrow="About HumanProof"
        title="We put a human between your AI draft and your readers"
        lead="HumanProof is a team of professional copywriters, editors and fact-checkers. We help businesses use AI for speed without giving up accuracy, originality or their own voice."
      />

      <Section title="Our mission">
        <div className="grid gap-8 lg:grid-cols-2">
          <p className="text-lg leading-relaxed text-slate-700">
            AI writing tools have made a first draft almost free. Getting that draft right has not become any
            cheaper: a confident but wrong statistic, a quote nobody said or a paragraph that sounds like everyone
            else can undo years of trust in a single post.
          </p>
          <p className="text-lg leading-relaxed text-slate-700">
            Our mission is simple: make it easy and affordable to have a qualified person check, polish or rewrite
            AI-generated text before it goes out with your name on it. You keep the speed of AI; your readers get
            the accuracy and care of a professional editor.
          </p>
        </div>
      </Section>

      <Section tone="muted" title="Our story">
        <div className="max-w-3xl space-y-5 text-base leading-relaxed text-slate-700">
          <p>
            HumanProof began in a small London content agency. As clients started sending us AI-written drafts to
            &ldquo;just tidy up&rdquo;, we kept finding the same problems: invented sources, dates that were years out,
            product claims no one could stand behind and the same stock phrases in every piece.
          </p>
          <p>
            Fixing those drafts properly took real editorial skill, but agencies were not set up to do it quickly or
            at a fair price for a single blog post or e-mail. So we built a service that does exactly that: you
            submit your content, choose how much help you need, pay per word and get it back from a professional.
          </p>
          <p>
            Today our reviewers work on web pages, blog posts, e-mails, social media, marketing and technical
            content for small businesses, marketing teams and independent writers across the UK and beyond.
          </p>
        </div>
      </Section>

      <Section title="Why choose us">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {REASONS.map((reason) => (
            <FeatureCard key={reason.title} icon={reason.icon} title={reason.title}>
              <p className="mt-2 text-sm leading-relaxed text-slate-700">{reason.text}</p>
            </FeatureCard>
          ))}
        </ul>
      </Section>

      <CtaBand
        id="about-cta"
        title="Ready to see what a human editor adds?"
        lead="Submit your first piece in a couple of minutes, or tell us about a larger project."
        secondary={{ href: '/contact', label: 'Contact us' }}
      />
    </>
  );
}
