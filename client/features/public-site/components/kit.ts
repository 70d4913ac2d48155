/**
 * Everything the public pages share, behind one module. Every public page imports from here, so the
 * bundler ships it as ONE chunk instead of a dozen tiny ones (one per icon and component), which is
 * what keeps a cold visit to any public page at a couple of requests after the entry.
 */
export {
  Activity,
  ArrowLeft,
  ArrowRight,
  BadgeCheck,
  BookOpen,
  CalendarClock,
  CalendarDays,
  Check,
  CheckCircle2,
  ChevronDown,
  ClipboardList,
  Clock,
  Code2,
  Copy,
  CreditCard,
  Eye,
  FileCheck2,
  FileText,
  Headphones,
  HeartHandshake,
  Info,
  LifeBuoy,
  Lock,
  Mail,
  MapPin,
  MessageCircle,
  MessageSquareWarning,
  Newspaper,
  PenLine,
  Phone,
  Scale,
  Search,
  SearchX,
  Send,
  ShieldCheck,
  Sparkles,
  Ticket,
  Timer,
  TrendingUp,
  Upload,
  UserCheck,
  UsersRound,
} from 'lucide-react';
export { CtaBand, type CtaLink } from './cta-band';
export { FeatureCard } from './feature-card';
export { HowItWorks, StepList, type Step } from './how-it-works';
export { FaqList, type FaqItem } from './faq-list';
export { LegalContact, LegalDocument, type LegalSection } from './legal-document';
export { PageHeader } from './page-header';
export * from './pricing-facts';
export { Section } from './section';
export { TierCards } from './tier-cards';
