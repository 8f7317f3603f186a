import type { Person } from '@parley/contract';
import { ArrowLeft, Building2, CalendarDays, Mail, Pencil, Phone, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageContainer, useDocumentTitle } from '@/components/page';
import { PageBreadcrumb } from '@/components/page-breadcrumb';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { DelayedSpinner } from '@/components/ui/spinner';
import { ApiError, CONNECTION_ERROR_MESSAGE } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { usePerson } from '../api/get-person';
import { initials } from '../lib/person-form';
import { DeletePersonDialog } from './DeletePersonDialog';
import { PersonFormDialog } from './PersonFormDialog';
import { PersonTranscriptions } from './PersonTranscriptions';
import { SocialLinks } from './SocialLinks';
import { VoiceProfileRow } from './VoiceProfileRow';

export const PERSON_NOT_FOUND = 'Person not found';

/** Spec sections 2 and 8: the server's message, 'Person not found' for a 404, else the fallback. */
export function personLoadErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.isNetworkError) return CONNECTION_ERROR_MESSAGE;
  if (error.serverMessage) return error.serverMessage;
  return error.status === 404 ? PERSON_NOT_FOUND : 'Failed to load person details';
}

export default function PersonDetailPage() {
  const { personId = '' } = useParams();
  const person = usePerson(personId);
  useDocumentTitle(person.data?.name ?? 'People');

  if (person.isPending) return <DelayedSpinner label="Loading person" />;
  if (person.isError || !person.data) {
    return (
      <PageContainer className="max-w-xl">
        <Card>
          <CardHeader>
            <CardTitle role="heading" aria-level={1}>
              Error
            </CardTitle>
            <CardDescription>
              {person.isError ? personLoadErrorMessage(person.error) : PERSON_NOT_FOUND}
            </CardDescription>
          </CardHeader>
          <CardFooter>
            <Button asChild variant="outline">
              <Link to="/people">
                <ArrowLeft aria-hidden="true" />
                Back to People
              </Link>
            </Button>
          </CardFooter>
        </Card>
      </PageContainer>
    );
  }
  return <PersonDetail person={person.data} />;
}

function PersonDetail({ person }: { person: Person }) {
  const navigate = useNavigate();
  const [editOpen, setEditOpen] = useState(false);
  const [deleting, setDeleting] = useState<Person | null>(null);
  const hasSocial = Object.values(person.socialMedia ?? {}).some((value) => value?.trim());

  return (
    <PageContainer className="grid gap-6">
      <div className="grid gap-3">
        <PageBreadcrumb links={[{ label: 'People', to: '/people' }]} current={person.name} />
        <Button variant="ghost" size="sm" className="-ml-2 justify-self-start" onClick={() => navigate('/people')}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
      </div>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <span
            aria-hidden="true"
            className="bg-muted text-muted-foreground inline-flex size-14 shrink-0 items-center justify-center rounded-full text-lg font-medium"
          >
            {initials(person.name)}
          </span>
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere">{person.name}</h1>
            {person.company && (
              <p className="text-muted-foreground flex items-center gap-1.5 text-sm">
                <Building2 className="size-4 shrink-0" aria-hidden="true" />
                <span className="wrap-anywhere">{person.company}</span>
              </p>
            )}
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" onClick={() => setEditOpen(true)}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button variant="outline" onClick={() => setDeleting(person)}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:items-start">
        <Card>
          <CardHeader>
            <CardTitle role="heading" aria-level={2}>
              Contact
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 text-sm">
              {person.email && (
                <div className="grid gap-1">
                  <dt className="text-muted-foreground">Email</dt>
                  <dd className="flex min-w-0 items-center gap-2">
                    <Mail className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
                    <a href={`mailto:${person.email}`} className="truncate hover:underline">
                      {person.email}
                    </a>
                  </dd>
                </div>
              )}
              {person.phone && (
                <div className="grid gap-1">
                  <dt className="text-muted-foreground">Phone</dt>
                  <dd className="flex items-center gap-2">
                    <Phone className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
                    <a href={`tel:${person.phone.replace(/[^\d+]/g, '')}`} className="hover:underline">
                      {person.phone}
                    </a>
                  </dd>
                </div>
              )}
              {hasSocial && (
                <div className="grid gap-1">
                  <dt className="text-muted-foreground">Social</dt>
                  <dd>
                    <SocialLinks person={person} size="md" />
                  </dd>
                </div>
              )}
              <div className="grid gap-1">
                <dt className="text-muted-foreground">Created</dt>
                <dd className="flex items-center gap-2">
                  <CalendarDays className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
                  <time dateTime={person.createdAt}>{formatDate(person.createdAt)}</time>
                </dd>
              </div>
              <VoiceProfileRow person={person} />
              {person.notes && (
                <div className="grid gap-1">
                  <dt className="text-muted-foreground">Notes</dt>
                  <dd className="wrap-anywhere whitespace-pre-wrap">{person.notes}</dd>
                </div>
              )}
            </dl>
          </CardContent>
        </Card>
        <PersonTranscriptions personId={person._id} />
      </div>

      <PersonFormDialog open={editOpen} onOpenChange={setEditOpen} person={person} />
      <DeletePersonDialog
        person={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeleted={() => navigate('/people', { replace: true })}
      />
    </PageContainer>
  );
}
