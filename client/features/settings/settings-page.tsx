import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Bell, User } from 'lucide-react';
import { AUTH_MESSAGES, profileUpdateSchema, type CurrentUser, type ProfileUpdateInput } from '@shared/auth.schema';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { IconCardHeader } from '@client/components/ui/icon-card-header';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { useCurrentUser } from '@client/lib/current-user';
import { usePageMeta } from '@client/lib/page-meta';
import { useAccountSecurity } from '@client/features/account';
import { ApiKeysCard } from '@client/features/api-keys';
import { WebhooksCard } from '@client/features/webhooks';
import { OrganisationCard } from '@client/features/organisations';
import { HouseStyleCard } from '@client/features/style-guide';
import { EditorialCard } from '@client/features/editorial';
import { ReviewersCard } from '@client/features/reviewer-preferences';
import { BillingDocumentsCard } from '@client/features/billing-documents';
import { AccountSecurityCard } from './account-security-card';
import { BillingCard } from './billing-card';
import { useUpdateProfile } from './api/update-profile';
import { DeleteAccountCard, YourDataCard } from './your-data-card';
import { SettingsNav, type SettingsSection } from './settings-nav';
import { Detail } from '@client/components/ui/detail';

function formValues(user: CurrentUser): ProfileUpdateInput {
  return { firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email };
}

function ProfileCard({ user }: { user: CurrentUser }) {
  const [editing, setEditing] = useState(false);
  const form = useForm<ProfileUpdateInput>({ resolver: zodResolver(profileUpdateSchema), defaultValues: formValues(user) });
  const save = useUpdateProfile();
  const submit = (values: ProfileUpdateInput) =>
    save.mutate(values, {
      onSuccess: (updated) => {
        form.reset(formValues(updated));
        setEditing(false);
      },
    });

  const cancel = () => {
    form.reset(formValues(user));
    setEditing(false);
  };

  return (
    <Card>
      <IconCardHeader icon={User} title="Profile" description="Your name as our review team sees it." />
      <CardContent>
        {editing ? (
          <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(submit)}>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="First name" error={form.formState.errors.firstName?.message}>
                {(p) => <Input {...p} autoComplete="given-name" {...form.register('firstName')} />}
              </FormField>
              <FormField label="Last name" error={form.formState.errors.lastName?.message}>
                {(p) => <Input {...p} autoComplete="family-name" {...form.register('lastName')} />}
              </FormField>
            </div>
            <FormField label="Email" hint={AUTH_MESSAGES.emailNotEditable}>
              {(p) => <Input {...p} type="email" disabled {...form.register('email')} />}
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
              <Button type="button" variant="outline" onClick={cancel} disabled={save.isPending}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-col gap-4">
            <dl className="grid gap-4 sm:grid-cols-2">
              <Detail term="First name">{user.firstName}</Detail>
              <Detail term="Last name">{user.lastName}</Detail>
              <Detail term="Email" wide valueClassName="break-all">
                {user.email}
              </Detail>
            </dl>
            <div>
              <Button
                variant="outline"
                onClick={() => {
                  form.reset(formValues(user));
                  setEditing(true);
                }}
              >
                Edit Profile
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Settings' sections in page order: account deletion last (issue 45). */
const SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'organisation', label: 'Organisation' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'security', label: 'Security' },
  { id: 'api-keys', label: 'API keys' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'house-style', label: 'House style' },
  { id: 'editorial', label: 'Editorial' },
  { id: 'reviewers', label: 'Reviewers' },
  { id: 'billing', label: 'Billing' },
  { id: 'billing-documents', label: 'Receipts and invoices' },
  { id: 'your-data', label: 'Your data' },
  { id: 'delete-account', label: 'Delete account' },
] as const satisfies readonly SettingsSection[];

type SectionId = (typeof SECTIONS)[number]['id'];

/** One section: the anchor the navigation leads to (focusable by script only, placed below the sticky header). */
function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  return (
    <section id={id} tabIndex={-1} aria-label={SECTIONS.find((s) => s.id === id)?.label} className="scroll-mt-24 outline-none">
      {children}
    </section>
  );
}

export default function SettingsPage() {
  usePageMeta();
  const { user } = useCurrentUser();
  const security = useAccountSecurity(user !== null);
  if (!user) return null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">Settings</h1>
      <p className="mt-1 text-slate-600">Manage your profile and account.</p>
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:mt-8 lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8">
        <SettingsNav sections={SECTIONS} />
        <div className="flex min-w-0 flex-col gap-6">
          <Section id="profile">
            <ProfileCard user={user} />
          </Section>
          <Section id="organisation">
            <OrganisationCard />
          </Section>
          <Section id="notifications">
            <Card>
              <IconCardHeader icon={Bell} title="Notifications" />
              <CardContent className="flex items-center justify-between gap-4">
                <p className="text-sm text-slate-700">
                  E-mail notifications are always enabled, so you hear about payments, reviews and messages from our team.
                </p>
                <Badge tone="green">Enabled</Badge>
              </CardContent>
            </Card>
          </Section>
          <Section id="security">
            <AccountSecurityCard />
          </Section>
          <Section id="api-keys">
            <ApiKeysCard />
          </Section>
          <Section id="webhooks">
            <WebhooksCard />
          </Section>
          <Section id="house-style">
            <HouseStyleCard />
          </Section>
          <Section id="editorial">
            <EditorialCard />
          </Section>
          <Section id="reviewers">
            <ReviewersCard />
          </Section>
          <Section id="billing">
            <BillingCard />
          </Section>
          <Section id="billing-documents">
            <BillingDocumentsCard />
          </Section>
          <Section id="your-data">
            <YourDataCard />
          </Section>
          <Section id="delete-account">
            <DeleteAccountCard hasPassword={security.data?.hasPassword ?? true} />
          </Section>
        </div>
      </div>
    </div>
  );
}
