import type { ApiTokenScope, CreatedApiToken } from '@parley/contract';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useActionError } from '@/hooks/use-action-error';
import { formatDate, formatDateTime } from '@/lib/format';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens';

/** The end of the chosen day in the browser's time zone, as the API's ISO date. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

/** Personal access tokens: create (shown once), list with last use, revoke. */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expires, setExpires] = useState('');
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const { error, attempt } = useActionError();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    return attempt(async () => {
      setCreated(await create.mutateAsync({ name, scope, expiresAt: expires ? endOfDay(expires) : undefined }));
      setName('');
      setExpires('');
    }, 'Failed to create the token');
  };

  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-xs">
        Use a token as <code>Authorization: Bearer &lt;token&gt;</code> to call the API from scripts and other tools.
      </p>
      {created && (
        <div role="status" className="grid gap-1 rounded-md border p-3 text-sm">
          <p className="font-medium">Copy your new token now: it will not be shown again.</p>
          <code data-testid="new-token" className="bg-muted rounded px-2 py-1 text-xs break-all">
            {created.token}
          </code>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => void navigator.clipboard?.writeText(created.token)}
          >
            Copy token
          </Button>
        </div>
      )}
      <form onSubmit={onSubmit} className="grid gap-3" aria-label="Create a token">
        <ErrorAlert message={error} />
        <FormField id="token-name" label="Token name">
          <Input id="token-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField id="token-scope" label="Scope">
            <select
              id="token-scope"
              className="border-input h-9 rounded-md border bg-transparent px-2 text-sm"
              value={scope}
              onChange={(e) => setScope(e.target.value as ApiTokenScope)}
            >
              <option value="read">Read only</option>
              <option value="write">Read and write</option>
            </select>
          </FormField>
          <FormField id="token-expires" label="Expires (optional)">
            <Input id="token-expires" type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
          </FormField>
        </div>
        <Button type="submit" className="justify-self-start" disabled={create.isPending || !name.trim()}>
          {create.isPending ? 'Creating...' : 'Create token'}
        </Button>
      </form>
      <ul className="grid gap-2" aria-label="API tokens">
        {tokens.data?.map((token) => (
          <li key={token._id} className="flex items-center justify-between gap-2 rounded-md border p-2 text-sm">
            <div className="min-w-0">
              <p className="truncate font-medium">
                {token.name} <span className="text-muted-foreground font-normal">({token.scope})</span>
              </p>
              <p className="text-muted-foreground text-xs">
                {token.prefix}… · {token.lastUsedAt ? `last used ${formatDateTime(token.lastUsedAt)}` : 'never used'}
                {token.expiresAt ? ` · expires ${formatDate(token.expiresAt)}` : ''}
              </p>
            </div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`Revoke ${token.name}`}
              disabled={revoke.isPending}
              onClick={() =>
                attempt(async () => {
                  await revoke.mutateAsync(token._id);
                }, 'Failed to revoke the token')
              }
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      {tokens.data?.length === 0 && <p className="text-muted-foreground text-sm">No tokens yet.</p>}
    </div>
  );
}
