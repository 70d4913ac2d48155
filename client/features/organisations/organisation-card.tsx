import { Building2 } from 'lucide-react';
import { ORGANISATION_MESSAGES } from '@shared/organisation.schema';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { FormAlert } from '@client/components/ui/form-field';
import { IconCardHeader } from '@client/components/ui/icon-card-header';
import { Skeleton } from '@client/components/ui/skeleton';
import { organisationFailure, useCreateOrganisation, useMyOrganisation } from './api/organisation';
import { NameForm } from './name-form';
import { notify, settle } from './notices';
import { OrganisationDetails } from './organisation-details';

function CreateOrganisation() {
  const create = useCreateOrganisation();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        Working with colleagues? Create an organisation and invite them by e-mail: you all see and message on the
        organisation&rsquo;s orders, and can share prepaid credit and API keys.
      </p>
      <NameForm
        label="Create an organisation"
        submitLabel="Create organisation"
        busyLabel="Creating..."
        pending={create.isPending}
        onSubmit={(name, fail) =>
          settle(
            create.mutateAsync({ name }),
            () => notify(ORGANISATION_MESSAGES.created),
            (err) => fail(organisationFailure(err)),
          )
        }
      />
    </div>
  );
}

/**
 * Settings → Organisation (issue 27, decision 043): for a customer without one, a short form to create it; otherwise
 * its name, the members with their roles, and for owners the invitations, role changes and removal; anyone may leave.
 */
export function OrganisationCard() {
  const organisation = useMyOrganisation();
  return (
    <Card>
      <IconCardHeader
        icon={Building2}
        title="Organisation"
        description={organisation.data ? 'Colleagues who share orders, credit and API keys.' : undefined}
      />
      <CardContent>
        {organisation.isPending ? (
          <div role="status" aria-label="Loading your organisation">
            <Skeleton className="h-16 w-full" />
          </div>
        ) : organisation.isError ? (
          <div className="flex flex-col items-start gap-3">
            <FormAlert>Your organisation could not be loaded. {organisationFailure(organisation.error, '')}</FormAlert>
            <Button variant="outline" onClick={() => void organisation.refetch()}>
              Try again
            </Button>
          </div>
        ) : organisation.data ? (
          <OrganisationDetails organisation={organisation.data} />
        ) : (
          <CreateOrganisation />
        )}
      </CardContent>
    </Card>
  );
}
