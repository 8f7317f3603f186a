import type { AdminUser } from '@parley/contract';
import { useId, useState } from 'react';
import { useCurrentUser } from '@/api/session/auth-context';
import { ErrorAlert } from '@/components/error-alert';
import { PageContainer, PageHeader, useDocumentTitle } from '@/components/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { DelayedSpinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useActionError } from '@/hooks/use-action-error';
import { errorMessage } from '@/lib/api-client';
import { useAdminUsers, useOverview, useUpdateAdminUser } from '../api/admin';

const bytes = (n: number) =>
  n >= 1e9 ? `${(n / 1e9).toFixed(1)} GB` : n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${Math.round(n / 1e3)} KB`;

/** A limit typed in a cell: blank goes back to the tier's (null), otherwise whole numbers from `min`. */
const parseLimit = (text: string, min: number): number | null | undefined => {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= min ? value : undefined;
};

function Overview() {
  const overview = useOverview();
  if (overview.isError) return <ErrorAlert message={errorMessage(overview.error, 'Failed to load the overview')} />;
  const data = overview.data;
  const figures: Array<[string, string]> = data
    ? [
        ['Accounts', String(data.accounts)],
        ['Meetings', String(data.meetings)],
        ['Stored recordings', bytes(data.storedBytes)],
        ['Jobs waiting', String(data.jobsWaiting)],
        ['Failed jobs', String(data.jobsFailed)],
      ]
    : [];
  return (
    <section aria-label="The instance at a glance" className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-5">
      {figures.map(([label, value]) => (
        <div key={label} className="bg-card rounded-lg border p-3">
          <p className="text-muted-foreground text-xs">{label}</p>
          <p className="text-lg font-semibold tabular-nums">{value}</p>
        </div>
      ))}
    </section>
  );
}

function LimitInput({
  label,
  value,
  min,
  invalidMessage,
  onSave,
}: {
  label: string;
  value: number | null;
  /** The smallest limit the server takes (the contract's UpdateAdminUserRequest). */
  min: number;
  /** Said next to the cell when what was typed is not a limit, instead of sending it. */
  invalidMessage: string;
  onSave: (v: number | null) => void;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const [invalid, setInvalid] = useState(false);
  const messageId = useId();
  const save = () => {
    const parsed = parseLimit(text, min);
    setInvalid(parsed === undefined);
    if (parsed !== undefined && parsed !== value) onSave(parsed);
  };
  return (
    <div className="grid gap-1">
      <Input
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? messageId : undefined}
        inputMode="numeric"
        className="h-8 w-24"
        placeholder="tier"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => e.key === 'Enter' && save()}
      />
      {invalid && (
        <p id={messageId} className="text-destructive text-xs">
          {invalidMessage}
        </p>
      )}
    </div>
  );
}

function AccountRow({ account, onChange }: { account: AdminUser; onChange: (body: object) => void }) {
  const me = useCurrentUser();
  const self = account._id === me._id;
  return (
    <TableRow>
      <TableCell>
        <p className="font-medium">{account.name}</p>
        <p className="text-muted-foreground text-xs">{account.email}</p>
      </TableCell>
      <TableCell>
        {account.role === 'admin' ? <Badge variant="info">Admin</Badge> : 'User'}
        {account.disabled && (
          <Badge variant="destructive" className="ml-1">
            Disabled
          </Badge>
        )}
      </TableCell>
      <TableCell className="tabular-nums">
        {account.usage.minutes} / {account.usage.limitMinutes} min
      </TableCell>
      <TableCell>
        <LimitInput
          label={`Monthly minutes of ${account.name}`}
          value={account.monthlyMinutes}
          min={0}
          invalidMessage="Enter whole minutes"
          onSave={(monthlyMinutes) => onChange({ monthlyMinutes })}
        />
      </TableCell>
      <TableCell>
        <LimitInput
          label={`Largest upload in MB of ${account.name}`}
          value={account.maxFileSizeMb}
          min={1}
          invalidMessage="Enter whole megabytes, 1 or more"
          onSave={(maxFileSizeMb) => onChange({ maxFileSizeMb })}
        />
      </TableCell>
      <TableCell className="space-x-1 text-right whitespace-nowrap">
        {!self && (
          <>
            <Button variant="outline" size="sm" onClick={() => onChange({ disabled: !account.disabled })}>
              {account.disabled ? 'Enable' : 'Disable'}
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => onChange({ role: account.role === 'admin' ? 'user' : 'admin' })}
            >
              {account.role === 'admin' ? 'Make user' : 'Make admin'}
            </Button>
          </>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The Admin page: the instance at a glance and its accounts, with this month's usage and their limits. */
export default function AdminPage() {
  useDocumentTitle('Admin');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const users = useAdminUsers(page, search.trim());
  const update = useUpdateAdminUser();
  const { error, attempt } = useActionError();
  const change = (id: string) => (body: object) =>
    void attempt(() => update.mutateAsync({ id, body }).then(() => {}), 'Failed to change the account');

  return (
    <PageContainer>
      <PageHeader title="Admin" description="Accounts and the state of this Parley" />
      <Overview />
      <div className="mb-3 flex items-center gap-2">
        <Input
          aria-label="Search accounts"
          placeholder="Search by name or email"
          className="max-w-sm"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>
      <ErrorAlert message={error} className="mb-3" />
      {users.isPending ? (
        <DelayedSpinner label="Loading accounts" />
      ) : users.isError ? (
        <ErrorAlert message={errorMessage(users.error, 'Failed to load accounts')} />
      ) : (
        <>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Account</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>This month</TableHead>
                <TableHead>Monthly minutes</TableHead>
                <TableHead>Max upload (MB)</TableHead>
                <TableHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.data.users.map((account) => (
                <AccountRow key={account._id} account={account} onChange={change(account._id)} />
              ))}
            </TableBody>
          </Table>
          <div className="mt-3 flex items-center justify-end gap-2 text-sm">
            <span className="text-muted-foreground">
              Page {users.data.pagination.page} of {Math.max(1, users.data.pagination.pages)}
            </span>
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= users.data.pagination.pages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </div>
        </>
      )}
    </PageContainer>
  );
}
