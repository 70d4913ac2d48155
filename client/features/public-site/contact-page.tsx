import { useEffect } from 'react';
import { Link } from 'wouter';
import { usePageMeta } from '@client/lib/page-meta';
import { useSiteConfig } from '@client/lib/site-config';
import { ContactForm } from './components/contact-form';
import { SUPPORT_FAQ } from './components/support-faq';
import {
  BookOpen,
  Clock,
  Code2,
  FaqList,
  LifeBuoy,
  Mail,
  MapPin,
  MessageCircle,
  PageHeader,
  Phone,
  Section,
} from './components/kit';

const BUSINESS_HOURS = [
  { days: 'Monday to Friday', hours: '9:00 am - 6:00 pm EST' },
  { days: 'Saturday', hours: '10:00 am - 4:00 pm EST' },
  { days: 'Sunday', hours: 'Closed' },
] as const;

const QUICK_LINK =
  'flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-900 hover:border-emerald-600 hover:bg-accent-soft';

export default function ContactPage() {
  usePageMeta();
  const { support } = useSiteConfig();
  const tel = support.phone.replace(/[^+\d]/g, '');
  // Links such as "Live chat" and "Schedule a Call" arrive as /contact#form, after this chunk has loaded.
  useEffect(() => {
    if (window.location.hash === '#form') document.getElementById('form')?.scrollIntoView();
  }, []);

  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Get in touch with our team"
        lead="Questions about an order, our services or a larger project? Send us a message and a real person will reply within one business day."
      />

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[3fr_2fr]">
        <section id="form" aria-labelledby="form-title" className="scroll-mt-20 self-start rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="form-title" className="text-xl font-semibold text-slate-900">
            Send us a message
          </h2>
          <p className="mt-1 mb-6 text-sm text-slate-700">All fields are required.</p>
          <ContactForm />
        </section>

        <div className="flex flex-col gap-6">
          <section aria-labelledby="details-title" className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <h2 id="details-title" className="text-lg font-semibold text-slate-900">
              Contact details
            </h2>
            <ul className="mt-4 space-y-4 text-sm">
              <li className="flex gap-3">
                <Mail className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">Email support</p>
                  <a href={`mailto:${support.email}`} className="break-all text-accent underline underline-offset-4">
                    {support.email}
                  </a>
                </div>
              </li>
              <li className="flex gap-3">
                <Phone className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
                <div>
                  <p className="font-medium text-slate-900">Phone</p>
                  <a href={`tel:${tel}`} className="text-accent underline underline-offset-4">
                    {support.phone}
                  </a>
                </div>
              </li>
              <li className="flex gap-3">
                <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
                <div>
                  <p className="font-medium text-slate-900">Office</p>
                  <address className="text-slate-700 not-italic">{support.address}</address>
                </div>
              </li>
            </ul>
          </section>

          <section aria-labelledby="hours-title" className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <h2 id="hours-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <Clock className="h-5 w-5 text-accent" aria-hidden="true" />
              Business hours
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              {BUSINESS_HOURS.map((row) => (
                <div key={row.days} className="flex justify-between gap-4">
                  <dt className="text-slate-700">{row.days}</dt>
                  <dd className="font-medium text-slate-900">{row.hours}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section aria-labelledby="quick-title" className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <h2 id="quick-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <LifeBuoy className="h-5 w-5 text-accent" aria-hidden="true" />
              Quick support
            </h2>
            <div className="mt-4 flex flex-col gap-3">
              <Link href="/help-center" className={QUICK_LINK}>
                <BookOpen className="h-5 w-5 text-accent" aria-hidden="true" />
                Help center
              </Link>
              {/* A server page (the OpenAPI viewer, decision 024): a full page load, not a client route. */}
              <a href="/docs/api" className={QUICK_LINK}>
                <Code2 className="h-5 w-5 text-accent" aria-hidden="true" />
                API documentation
              </a>
              <a href="#form" className={QUICK_LINK}>
                <MessageCircle className="h-5 w-5 text-accent" aria-hidden="true" />
                Live chat
              </a>
              <p className="text-xs text-slate-600">
                The API documentation covers API keys, prepaid credit, orders and signed webhooks. Live chat questions
                are answered through the form above during business hours.
              </p>
            </div>
          </section>
        </div>
      </div>

      <Section tone="muted" title="Frequently asked questions">
        <div className="max-w-3xl">
          <FaqList items={SUPPORT_FAQ} />
        </div>
      </Section>
    </>
  );
}
