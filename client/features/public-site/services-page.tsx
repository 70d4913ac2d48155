import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { usePageMeta } from '@client/lib/page-meta';
import { useSiteConfig } from '@client/lib/site-config';
import { ON_TIME_GUARANTEE } from '@shared/on-time-guarantee';
import { MINIMUM_CHARGE_PENCE } from '@shared/pricing';
import { TIER_LIST } from '@shared/service-tiers';
import {
  ArrowRight,
  ClipboardList,
  CreditCard,
  CtaBand,
  examplePrice,
  FAST_FEE,
  FAST_HOURS,
  FileCheck2,
  HowItWorks,
  Info,
  MINIMUM_CHARGE,
  PageHeader,
  PenLine,
  Section,
  STANDARD_DAYS,
  withVat,
  type Step,
  TierCards,
  Timer,
  wordsCoveredByMinimum,
} from './components/kit';

const STEPS: readonly Step[] = [
  {
    icon: ClipboardList,
    title: 'Share your content',
    text: 'Paste your text or upload a .txt, .docx or .pdf file of up to 3,000 words. The word count and exact price update as you type.',
  },
  {
    icon: PenLine,
    title: 'Tell us what you need',
    text: 'Pick a service level and a category, and add your tone, target audience, English variant and any instructions for the reviewer.',
  },
  {
    icon: CreditCard,
    title: 'Pay securely',
    text: 'Pay the quoted price by card. Work starts as soon as payment is confirmed, and you can follow every step from your dashboard.',
  },
  {
    icon: FileCheck2,
    title: 'Receive your reviewed content',
    text: "Download the reviewed text with the reviewer's notes. Not quite right? Ask for one free revision within 7 days of delivery.",
  },
];

const EXAMPLE_WORDS = 800;

export default function ServicesPage() {
  usePageMeta();
  // With a VAT number, every price says the VAT it includes (issue 45).
  const vatRate = useSiteConfig().vat.rateBasisPoints;

  return (
    <>
      <PageHeader
        eyebrow="Services and pricing"
        title="Human review at the level your content needs"
        lead="From a careful fact-check to a full professional rewrite. Every order is priced per word and you see the exact total before you pay."
      >
        <Button asChild variant="accent" size="lg">
          <Link href="/check-now">
            Get an instant price
            <ArrowRight className="h-5 w-5" aria-hidden="true" />
          </Link>
        </Button>
      </PageHeader>

      <Section
        title="Choose your service"
        intro={`Each level includes everything in the one before it. All prices are in pounds sterling per word of your original text${vatRate > 0 ? `, including VAT at ${vatRate / 100}%` : ''}.`}
      >
        <TierCards />
        <div
          role="note"
          className="mt-8 flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950"
        >
          <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold" data-testid="minimum-charge">
              Minimum charge: {withVat(MINIMUM_CHARGE_PENCE, vatRate)} per order
            </p>
            <p className="mt-1">
              Short pieces still get a full human review, so every order costs at least {MINIMUM_CHARGE}. For example,
              the minimum covers up to {wordsCoveredByMinimum('fact-checked').toLocaleString('en-GB')} words of Fact
              checked review. Your price shows &ldquo;min applied&rdquo; when it is used.
            </p>
          </div>
        </div>
      </Section>

      <Section
        tone="muted"
        title="Fast turnaround"
        intro={`Standard reviews are delivered within ${STANDARD_DAYS}. When the deadline is tighter, add fast turnaround to any service.`}
      >
        <div className="grid gap-6 md:grid-cols-2">
          <div className="rounded-2xl border border-slate-200 bg-white p-6">
            <div className="flex items-center gap-3">
              <Timer className="h-6 w-6 text-accent" aria-hidden="true" />
              <h3 className="text-lg font-semibold text-slate-900">Within {FAST_HOURS} hours, {FAST_FEE}</h3>
            </div>
            <p className="mt-3 text-sm leading-relaxed text-slate-700">
              Tick &ldquo;Fast turnaround&rdquo; on the order form and a reviewer picks up your content first. It is
              returned within {FAST_HOURS} hours of payment, for the service price plus {FAST_FEE.replace('+', '')}.
              The {MINIMUM_CHARGE} minimum still applies.
            </p>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6">
            <h3 className="text-lg font-semibold text-slate-900">What {EXAMPLE_WORDS} words cost</h3>
            <table className="mt-3 w-full text-left text-sm">
              <caption className="sr-only">Price of an {EXAMPLE_WORDS}-word order, standard and fast</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-700">
                  <th scope="col" className="py-2 font-medium">Service</th>
                  <th scope="col" className="py-2 font-medium">Standard</th>
                  <th scope="col" className="py-2 font-medium">Fast</th>
                </tr>
              </thead>
              <tbody>
                {TIER_LIST.map((tier) => (
                  <tr key={tier.id} className="border-b border-slate-100 last:border-0">
                    <th scope="row" className="py-2 font-medium text-slate-900">{tier.label}</th>
                    <td className="py-2 text-slate-700">{examplePrice(EXAMPLE_WORDS, tier.id, false, vatRate)}</td>
                    <td className="py-2 text-slate-700">{examplePrice(EXAMPLE_WORDS, tier.id, true, vatRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
        <div id="on-time-guarantee" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6" data-testid="on-time-guarantee">
          <h3 className="text-lg font-semibold text-slate-900">{ON_TIME_GUARANTEE.heading}</h3>
          <p className="mt-3 text-sm leading-relaxed text-slate-700">{ON_TIME_GUARANTEE.summary}</p>
          <p className="mt-2 text-sm leading-relaxed text-slate-700">{ON_TIME_GUARANTEE.detail}</p>
        </div>
      </Section>

      <HowItWorks intro="Four steps from draft to publish-ready, all from your browser." steps={STEPS} />

      <CtaBand
        id="services-cta"
        title="See your exact price in seconds"
        lead="Paste your text and the form prices it as you type. Nothing is charged until you confirm."
        secondary={{ href: '/contact', label: 'Talk to our team' }}
      />
    </>
  );
}
