import { LIMITS } from '@parley/contract';
import { useCurrentUser } from '@/api/session/auth-context';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Separator } from '@/components/ui/separator';
import { UsageBar } from '@/components/usage-bar';
import { formatDate } from '@/lib/format';
import { summarizeUsage } from '@/lib/usage';
import { ApiTokensSection } from './ApiTokensSection';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProviderSignInNote } from './ProviderSignInNote';

function formatBytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** The account's Profile (mobile Account menu and desktop user menu): who, which tier, usage, password, API tokens. */
export function ProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const user = useCurrentUser();
  const usage = summarizeUsage(user);
  const hasPassword = user.hasPassword !== false;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Profile</DialogTitle>
          <DialogDescription>Your account, plan limits and this month&apos;s usage.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Name</dt>
          <dd className="wrap-anywhere">{user.name}</dd>
          <dt className="text-muted-foreground">Email</dt>
          <dd className="wrap-anywhere">{user.email}</dd>
          <dt className="text-muted-foreground">Plan</dt>
          <dd className="capitalize">{user.tier?.name ?? 'Free'}</dd>
          <dt className="text-muted-foreground">Monthly limit</dt>
          <dd>{usage.limitMinutes} minutes</dd>
          <dt className="text-muted-foreground">Max file size</dt>
          <dd>{formatBytes(user.tier?.limits?.maxFileSize ?? LIMITS.defaultMaxFileSizeBytes)}</dd>
          <dt className="text-muted-foreground">Member since</dt>
          <dd>{formatDate(user.createdAt)}</dd>
        </dl>
        <section aria-labelledby="profile-usage-heading" className="grid gap-2">
          <h3 id="profile-usage-heading" className="text-sm font-medium">
            This month
          </h3>
          <UsageBar user={user} />
          <p className="text-muted-foreground text-xs">
            {usage.usedMinutes} of {usage.limitMinutes} minutes used
          </p>
        </section>
        <Separator />
        <section aria-labelledby="profile-password-heading" className="grid gap-3">
          <h3 id="profile-password-heading" className="text-sm font-medium">
            {hasPassword ? 'Change password' : 'Set a password'}
          </h3>
          {!hasPassword && <ProviderSignInNote />}
          <ChangePasswordForm key={String(hasPassword)} hasPassword={hasPassword} />
        </section>
        <Separator />
        <section aria-labelledby="profile-tokens-heading" className="grid gap-3">
          <h3 id="profile-tokens-heading" className="text-sm font-medium">
            API tokens
          </h3>
          <ApiTokensSection />
        </section>
      </DialogContent>
    </Dialog>
  );
}
