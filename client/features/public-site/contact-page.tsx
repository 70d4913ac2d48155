import { useEffect, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
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

/**
 * `plain`: an ordinary <a>, not a client route: the API documentation is a server page (the OpenAPI viewer,
 * decision 024), a full page load; #form is a place on this page.
 */
const QUICK_LINKS = [
  { icon: BookOpen, label: 'Help center', href: '/help-center', plain: false },
  { icon: Code2, label: 'API documentation', href: '/docs/api', plain: true },
  { icon: MessageCircle, label: 'Live chat', href: '#form', plain: true },
] as const;

/** A grey box beside the form, labelled by its <h2> (with an icon when it has one). */
function SideCard({ id, title, icon: Icon, children }: { id: string; title: string; icon?: LucideIcon; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
      <h2 id={id} className={Icon ? 'flex items-center gap-2 text-lg font-semibold text-slate-900' : 'text-lg font-semibold text-slate-900'}>
        {Icon ? <Icon className="h-5 w-5 text-accent" aria-hidden="true" /> : null}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One way to reach us: its icon, what it is, and the address (a link when `href` is given). */
function ContactItem({
  icon: Icon,
  label,
  href,
  text,
  breakAll = false,
  children,
}: {
  icon: LucideIcon;
  label: string;
  href?: string;
  text?: string;
  /** A long address without spaces (an e-mail) may break anywhere. */
  breakAll?: boolean;
  children?: ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
      <div className={breakAll ? 'min-w-0' : undefined}>
        <p className="font-medium text-slate-900">{label}</p>
        {href ? (
          <a href={href} className={breakAll ? 'break-all text-accent underline underline-offset-4' : 'text-accent underline underline-offset-4'}>
            {text}
          </a>
        ) : (
          children
        )}
      </div>
    </li>
  );
}

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
          <SideCard id="details-title" title="Contact details">
            <ul className="mt-4 space-y-4 text-sm">
              <ContactItem icon={Mail} label="Email support" href={`mailto:${support.email}`} text={support.email} breakAll />
              <ContactItem icon={Phone} label="Phone" href={`tel:${tel}`} text={support.phone} />
              <ContactItem icon={MapPin} label="Office">
                <address className="text-slate-700 not-italic">{support.address}</address>
              </ContactItem>
            </ul>
          </SideCard>

          <SideCard id="hours-title" title="Business hours" icon={Clock}>
            <dl className="mt-4 space-y-2 text-sm">
              {BUSINESS_HOURS.map((row) => (
                <div key={row.days} className="flex justify-between gap-4">
                  <dt className="text-slate-700">{row.days}</dt>
                  <dd className="font-medium text-slate-900">{row.hours}</dd>
                </div>
              ))}
            </dl>
          </SideCard>

          <SideCard id="quick-title" title="Quick support" icon={LifeBuoy}>
            <div className="mt-4 flex flex-col gap-3">
              {QUICK_LINKS.map(({ icon: Icon, label, href, plain }) => {
                const content = (
                  <>
                    <Icon className="h-5 w-5 text-accent" aria-hidden="true" />
                    {label}
                  </>
                );
                return plain ? (
                  <a key={label} href={href} className={QUICK_LINK}>
                    {content}
                  </a>
                ) : (
                  <Link key={label} href={href} className={QUICK_LINK}>
                    {content}
                  </Link>
                );
              })}
              <p className="text-xs text-slate-600">
                The API documentation covers API keys, prepaid credit, orders and signed webhooks. Live chat questions
                are answered through the form above during business hours.
              </p>
            </div>
          </SideCard>
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
