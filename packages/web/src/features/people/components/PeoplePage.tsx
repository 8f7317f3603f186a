import type { Person } from '@parley/contract';
import { Building2, Mail, Phone, Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePeople } from '@/api/people/get-people';
import { EmptyState, PageContainer, PageHeader, useDocumentTitle } from '@/components/page';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cardLinkFocusRing } from '@/components/ui/card';
import { useDelayedFlag } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { initials } from '../lib/person-form';
import { DeletePersonDialog } from './DeletePersonDialog';
import { PersonActionsMenu } from './PersonActionsMenu';
import { PersonFormDialog } from './PersonFormDialog';
import { SocialLinks } from './SocialLinks';

export const personPath = (personId: string) => `/people/${encodeURIComponent(personId)}`;

export default function PeoplePage() {
  useDocumentTitle('People');
  const people = usePeople();
  const showSkeleton = useDelayedFlag(people.isPending);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Person | undefined>();
  const [deleting, setDeleting] = useState<Person | null>(null);

  const openAdd = () => {
    setEditing(undefined);
    setFormOpen(true);
  };
  const openEdit = (person: Person) => {
    setEditing(person);
    setFormOpen(true);
  };

  return (
    <PageContainer>
      <PageHeader
        title="People"
        description="Manage your contacts, clients, and team members"
        actions={
          <Button onClick={openAdd}>
            <Plus aria-hidden="true" />
            Add Person
          </Button>
        }
      />
      {people.isPending ? (
        showSkeleton && (
          <div className="grid gap-2" aria-hidden="true">
            {[0, 1, 2, 3].map((key) => (
              <div key={key} className="bg-muted h-12 animate-pulse rounded-md" />
            ))}
          </div>
        )
      ) : people.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Error loading people</AlertTitle>
          <AlertDescription>{errorMessage(people.error, 'Failed to fetch people')}</AlertDescription>
        </Alert>
      ) : people.data.length === 0 ? (
        <EmptyState
          icon={Users}
          title="No people yet"
          description="Get started by adding your first contact"
          action={
            <Button onClick={openAdd}>
              <Plus aria-hidden="true" />
              Add Your First Person
            </Button>
          }
        />
      ) : (
        <>
          <PeopleTable people={people.data} onEdit={openEdit} onDelete={setDeleting} />
          <PeopleCards people={people.data} onEdit={openEdit} onDelete={setDeleting} />
        </>
      )}
      <PersonFormDialog open={formOpen} onOpenChange={setFormOpen} person={editing} />
      <DeletePersonDialog person={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </PageContainer>
  );
}

interface ListProps {
  people: Person[];
  onEdit: (person: Person) => void;
  onDelete: (person: Person) => void;
}

function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="bg-muted text-muted-foreground inline-flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-medium"
    >
      {initials(name)}
    </span>
  );
}

/** Table from sm up: Email from md, Phone and Company from lg, Social from xl (spec section 2). */
function PeopleTable({ people, onEdit, onDelete }: ListProps) {
  const navigate = useNavigate();
  return (
    <div className="hidden rounded-xl border sm:block" data-testid="people-table">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="pl-4">Name</TableHead>
            <TableHead className="hidden md:table-cell">Email</TableHead>
            <TableHead className="hidden lg:table-cell">Phone</TableHead>
            <TableHead className="hidden lg:table-cell">Company</TableHead>
            <TableHead className="hidden xl:table-cell">Social</TableHead>
            <TableHead>Created</TableHead>
            <TableHead className="w-12 pr-4 text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {people.map((person) => (
            <TableRow key={person._id} className="cursor-pointer" onClick={() => navigate(personPath(person._id))}>
              <TableCell className="max-w-64 pl-4">
                <div className="flex min-w-0 items-center gap-3">
                  <Avatar name={person.name} />
                  <Link
                    to={personPath(person._id)}
                    className="truncate font-medium hover:underline"
                    onClick={(event) => event.stopPropagation()}
                  >
                    {person.name}
                  </Link>
                </div>
              </TableCell>
              <TableCell className="text-muted-foreground hidden max-w-56 truncate md:table-cell">
                {person.email || '—'}
              </TableCell>
              <TableCell className="text-muted-foreground hidden lg:table-cell">{person.phone || '—'}</TableCell>
              <TableCell className="text-muted-foreground hidden max-w-48 truncate lg:table-cell">
                {person.company || '—'}
              </TableCell>
              <TableCell className="hidden xl:table-cell">
                <SocialLinks person={person} />
              </TableCell>
              <TableCell className="text-muted-foreground">
                <time dateTime={person.createdAt}>{formatDate(person.createdAt)}</time>
              </TableCell>
              <TableCell className="pr-4 text-right">
                <PersonActionsMenu person={person} onEdit={onEdit} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function PeopleCards({ people, onEdit, onDelete }: ListProps) {
  return (
    <ul className="grid gap-3 sm:hidden" data-testid="people-cards">
      {people.map((person) => (
        <li key={person._id}>
          <article className={cn('bg-card relative flex gap-3 rounded-xl border p-4 shadow-sm', cardLinkFocusRing)}>
            <Avatar name={person.name} />
            <div className="grid min-w-0 flex-1 gap-1 text-sm">
              <h2 className="truncate font-medium">
                <Link
                  to={personPath(person._id)}
                  className="outline-none after:absolute after:inset-0 after:content-['']"
                >
                  {person.name}
                </Link>
              </h2>
              {person.company && (
                <p className="text-muted-foreground flex items-center gap-1.5 truncate">
                  <Building2 className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="truncate">{person.company}</span>
                </p>
              )}
              {person.email && (
                <p className="text-muted-foreground flex items-center gap-1.5">
                  <Mail className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="truncate">{person.email}</span>
                </p>
              )}
              {person.phone && (
                <p className="text-muted-foreground flex items-center gap-1.5">
                  <Phone className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="truncate">{person.phone}</span>
                </p>
              )}
              <p className="text-muted-foreground text-xs">
                Added <time dateTime={person.createdAt}>{formatDate(person.createdAt)}</time>
              </p>
            </div>
            <div className="relative z-10 -mt-1 -mr-1 shrink-0">
              <PersonActionsMenu person={person} onEdit={onEdit} onDelete={onDelete} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
