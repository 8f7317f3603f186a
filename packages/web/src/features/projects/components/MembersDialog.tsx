import { PROJECT_ROLES, type Project, type ProjectRole } from '@parley/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/api/session/auth-context';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useActionError } from '@/hooks/use-action-error';
import { canManage, ROLE_LABELS } from '@/lib/project-roles';
import { useAddMember, useChangeRole, useMembers, useRemoveMember } from '../api/members';

/** Each role as a choice of the two role pickers (the new member's, a member's). */
const ROLE_OPTIONS = PROJECT_ROLES.map((r) => (
  <option key={r} value={r}>
    {ROLE_LABELS[r]}
  </option>
));

/** The Members dialog of a project: owners add by email, change roles and remove; anyone may leave. */
export function MembersDialog({
  project,
  open,
  onOpenChange,
}: {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const members = useMembers(project._id, open);
  const add = useAddMember(project._id);
  const changeRole = useChangeRole(project._id);
  const remove = useRemoveMember(project._id);
  const { error, attempt } = useActionError(open);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ProjectRole>('viewer');
  const manages = canManage(project.role);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      await add.mutateAsync({ email, role });
      setEmail('');
    }, 'Failed to add the member');
  };
  const leave = () =>
    attempt(async () => {
      await remove.mutateAsync(me._id);
      onOpenChange(false);
      navigate('/projects', { replace: true });
    }, 'Failed to leave the project');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Members</DialogTitle>
          <DialogDescription>
            Owners manage the project and its members, editors record and edit, viewers read.
          </DialogDescription>
        </DialogHeader>
        <ErrorAlert message={error} />
        {manages && (
          <form onSubmit={submit} className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
            <div className="grid gap-1">
              <Label htmlFor="member-email">Email</Label>
              <Input
                id="member-email"
                type="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                placeholder="colleague@example.com"
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="member-role">Role</Label>
              <NativeSelect id="member-role" value={role} onChange={(e) => setRole(e.target.value as ProjectRole)}>
                {ROLE_OPTIONS}
              </NativeSelect>
            </div>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Adding...' : 'Add'}
            </Button>
          </form>
        )}
        <ul aria-label="Members" className="divide-y">
          {(members.data ?? []).map((member) => {
            const self = member.user._id === me._id;
            return (
              <li key={member.user._id} className="flex flex-wrap items-center gap-2 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">
                    {member.user.name}
                    {self && ' (you)'}
                  </p>
                  <p className="text-muted-foreground truncate text-xs">{member.user.email}</p>
                </div>
                {manages ? (
                  <NativeSelect
                    aria-label={`Role of ${member.user.name}`}
                    className="w-28"
                    value={member.role}
                    onChange={(e) =>
                      attempt(
                        () =>
                          changeRole
                            .mutateAsync({ userId: member.user._id, role: e.target.value as ProjectRole })
                            .then(() => {}),
                        'Failed to change the role',
                      )
                    }
                  >
                    {ROLE_OPTIONS}
                  </NativeSelect>
                ) : (
                  <span className="text-muted-foreground text-sm">{ROLE_LABELS[member.role]}</span>
                )}
                {self ? (
                  <Button variant="outline" size="sm" onClick={leave}>
                    Leave
                  </Button>
                ) : (
                  manages && (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Remove ${member.user.name}`}
                      onClick={() =>
                        attempt(() => remove.mutateAsync(member.user._id).then(() => {}), 'Failed to remove the member')
                      }
                    >
                      Remove
                    </Button>
                  )
                )}
              </li>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
